import { basename, dirname, extname, join, resolve } from 'node:path';
import type { DifficultyModel } from '../analyze/difficulty-model.js';
import { type FittedModel, fitDifficultyModel, type TimedMaze } from '../analyze/fit-model.js';
import { defaultDifficultyModel } from '../analyze/model-file.js';
import { parseSolveTimes, type SolveTime } from '../analyze/solve-times.js';
import { UserError } from '../base/errors.js';
import { createFileAccess, decodeText, defaultPathPolicy, excerpt, type FileAccess } from '../base/files.js';
import { closest } from '../base/suggest.js';
import { CodecError } from '../codec/codec-error.js';
import { importMazeJson } from '../codec/json.js';
import type { Maze } from '../generate/maze.js';
import { makeBook } from './build-book.js';
import { shownPath, writeOutputs } from './outputs.js';

export interface CalibrateOptions {
  /** The book spec whose pages the times name by key or `#n` (needed only for such rows). */
  spec?: string;
  /** Where to write the model file (default: `<times name>.model.yaml` beside the times file). */
  output?: string;
  /** The name written into the model (default: the times file's name). */
  name?: string;
  /** Book seed instead of the spec's, as `build --seed` (the mazes must be the ones the readers solved). */
  seed?: number;
  allowAnyPath?: boolean;
  /** Write the model even when the times show no sign of difficulty (a warning instead of an error). */
  force?: boolean;
}

export interface Calibrated {
  fit: FittedModel;
  /** The model file written (absolute path). */
  output: string;
  /** The model the fit started from: the spec's `difficulty-model`, or the default one. */
  base: DifficultyModel;
}

/**
 * `mazebook calibrate TIMES.csv`: reads the solve times (parseSolveTimes), turns each row's maze into a Maze
 * (page keys and `#n` through the spec's build, with the same seeds and candidates as `build`; maze JSON
 * files through the file door, relative to the times file's folder), fits the model's weights to them
 * (fitDifficultyModel) and writes the model file atomically, never over one of its inputs.
 * @throws UserError at `file:line` for a row that names no maze, or a maze JSON file that cannot be read
 */
export async function calibrateTimes(timesPath: string, options: CalibrateOptions = {}): Promise<Calibrated> {
  const abs = resolve(timesPath);
  const shown = shownPath(abs);
  const dir = dirname(abs);
  const files = createFileAccess(defaultPathPolicy(dir, options.allowAnyPath));
  const timesRef = files.given(abs, shown, 'times');
  const rows = parseSolveTimes(decodeText(files.read(timesRef), shown, '', 'times'), shown);

  const inputs = [timesRef.real];
  let base = defaultDifficultyModel();
  let pages: { byKey: Map<string, Maze>; byNumber: Map<number, string>; keys: string[] } | undefined;
  const needsBook = rows.find((r) => r.maze.kind !== 'file');
  if (needsBook) {
    if (!options.spec) {
      throw new UserError(
        needsBook.where,
        `a page key or number names a page of a book, but no book was given`,
        'pass the book spec the readers solved: mazebook calibrate TIMES.csv --spec book.yaml',
      );
    }
    const made = await makeBook(
      options.spec,
      { seed: options.seed, allowAnyPath: options.allowAnyPath },
      false,
    );
    base = made.plan.difficultyModel;
    inputs.push(...made.plan.inputs);
    pages = {
      byKey: new Map(made.puzzles.map((p) => [p.plan.key, p.maze])),
      byNumber: new Map(made.puzzles.map((p) => [p.plan.number, p.plan.key])),
      keys: made.puzzles.map((p) => p.plan.key),
    };
  }

  const mazeFiles = new Map<string, Maze>();
  const timed: TimedMaze[] = rows.map((r) => {
    const { maze, key } = mazeOf(r, pages, options.spec ?? '', files, dir, mazeFiles);
    return { maze, key, seconds: r.seconds, ...(r.group !== undefined ? { group: r.group } : {}) };
  });
  inputs.push(...files.located.map((f) => f.real));

  const name = options.name ?? basename(abs, extname(abs));
  const fit = fitDifficultyModel(timed, base, shown, name, { force: options.force });
  const output = resolve(options.output ?? join(dir, `${basename(abs, extname(abs))}.model.yaml`));
  await writeOutputs(
    [{ path: output, data: fit.text, what: 'difficulty model', option: '-o' }],
    [...new Set(inputs)],
  );
  return { fit, output, base };
}

/** The maze a row names, and the key that makes rows of the same maze one maze for the fit. */
function mazeOf(
  r: SolveTime,
  pages: { byKey: Map<string, Maze>; byNumber: Map<number, string>; keys: string[] } | undefined,
  spec: string,
  files: FileAccess,
  dir: string,
  mazeFiles: Map<string, Maze>,
): { maze: Maze; key: string } {
  const ref = r.maze;
  if (ref.kind === 'file') {
    const file = files.named(dir, ref.path, r.where, 'maze JSON');
    const key = `file:${file.real}`;
    let maze = mazeFiles.get(key);
    if (!maze) {
      const text = decodeText(files.read(file), ref.path, r.where, 'maze JSON');
      try {
        maze = importMazeJson(JSON.parse(text));
      } catch (e) {
        if (e instanceof CodecError)
          throw new UserError(
            r.where,
            `maze JSON ${excerpt(ref.path)}${e.where ? ` at ${e.where}` : ''}: ${e.what}`,
            e.hint,
          );
        // JSON.parse's message quotes the text: not shown (the file may be any file).
        if (e instanceof SyntaxError)
          throw new UserError(
            r.where,
            `maze JSON ${excerpt(ref.path)} is not JSON`,
            'name a maze JSON file, as mazebook render -o FILE.json writes it',
          );
        throw e;
      }
      mazeFiles.set(key, maze);
    }
    return { maze, key };
  }
  if (!pages) throw new Error('internal: a page row without the book');
  const key = ref.kind === 'page' ? ref.key : pages.byNumber.get(ref.number);
  const maze = key !== undefined ? pages.byKey.get(key) : undefined;
  if (key === undefined || !maze) {
    const guess = ref.kind === 'page' ? closest(ref.key, pages.keys) : undefined;
    throw new UserError(
      r.where,
      ref.kind === 'page'
        ? `no page "${excerpt(ref.key)}" in ${spec}`
        : `${spec} has ${pages.keys.length} puzzles, not a puzzle ${ref.number}`,
      guess
        ? `did you mean "${guess}"? (mazebook rate lists the keys)`
        : 'mazebook rate lists the page keys; #n is puzzle n',
    );
  }
  return { maze, key: `page:${key}` };
}
