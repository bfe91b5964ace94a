import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { decodeText, type FileAccess } from '../base/files.js';
import { parseYaml } from '../base/parse-yaml.js';
import type { DifficultyModel } from './difficulty-model.js';

/**
 * Difficulty model files: the schema a model file is checked against, reading one (a spec's
 * `difficulty-model`, through the file door) and the model shipped as docs/difficulty-model.yaml. The
 * arithmetic of a model is difficulty-model.ts.
 */

const weight = z.number().min(0).max(1000);

/** The model file as written: YAML (or JSON, which is YAML too), every field checked with its place. */
export const difficultyModelSchema = z.strictObject({
  model: z.literal('mazebook-difficulty').meta({
    description: 'Marks the file as a mazebook difficulty model.',
  }),
  version: z.literal(1).meta({ description: 'Format of the file (1, the only one so far).' }),
  name: z.string().min(1),
  weights: z
    .strictObject({
      search: weight.meta({ description: 'Effort per overlap step of the simulated solvers.' }),
      route: weight.meta({ description: 'Effort per step of the solution.' }),
      turning: weight.meta({ description: 'Steps of the solution each right angle of turning counts as.' }),
      decisions: weight.meta({
        description: 'Effort per cell a solver is expected to explore in wrong branches.',
      }),
      cycling: weight.meta({ description: 'Effort per cell off the solution that lies on a loop.' }),
    })
    .refine((w) => w.search + w.route + w.decisions > 0, {
      error: 'at least one of search, route and decisions must be above 0 (or every maze scores 1)',
    }),
  top: z.number().min(2).max(1e9).meta({ description: 'Effort that scores 10.' }),
  calibration: z
    .strictObject({
      rows: z.int().min(0),
      mazes: z.int().min(0),
      perPoint: z.number().positive(),
      secondsAt5: z.record(z.string(), z.number().positive()),
      spread: z.number().min(1),
    })
    .optional(),
});

/**
 * Reads a model file's text.
 * @param where the file as shown in messages; errors are `where:line:col` with the field and what was expected
 * @throws UserError on YAML or schema mistakes
 */
export function loadDifficultyModel(text: string, where: string): DifficultyModel {
  const { value } = parseYaml(text, where, difficultyModelSchema, { kind: 'difficulty model' });
  const { model: _marker, ...model } = value;
  return model;
}

/** The default model's file inside the package: docs/ is shipped, and is two folders up from src/ and dist/. */
const DEFAULT_MODEL_URL = new URL('../../docs/difficulty-model.yaml', import.meta.url);

let defaultModel: DifficultyModel | undefined;

/** The model shipped with mazebook (docs/difficulty-model.yaml), read once. */
export function defaultDifficultyModel(): DifficultyModel {
  if (!defaultModel) {
    let text: string;
    try {
      text = readFileSync(DEFAULT_MODEL_URL, 'utf8');
    } catch (e) {
      throw new Error(
        `internal: the default difficulty model ${DEFAULT_MODEL_URL.pathname} cannot be read: ${e}`,
      );
    }
    defaultModel = loadDifficultyModel(text, 'docs/difficulty-model.yaml');
  }
  return defaultModel;
}

/**
 * The book's difficulty model: the file `difficulty-model` names (read through the file door, relative to the
 * spec), or the default model when the spec names none.
 * @param where the field's place, for messages about the file itself (missing, outside, too large)
 * @throws UserError for a file that cannot be read, and at `file:line:col` for a model that is not valid
 */
export function resolveDifficultyModel(
  name: string | undefined,
  specDir: string,
  files: FileAccess,
  where: string,
): DifficultyModel {
  if (name === undefined) return defaultDifficultyModel();
  const ref = files.named(specDir, name, where, 'difficulty model');
  const text = decodeText(files.read(ref), ref.shownAs, where, 'difficulty model');
  return loadDifficultyModel(text, ref.shownAs);
}
