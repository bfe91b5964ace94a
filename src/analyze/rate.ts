import type { Maze } from '../generate/maze.js';
import type { Seed128 } from '../random/sfc32.js';
import { type DifficultyModel, scoreOfEffort } from './difficulty-model.js';
import { defaultDifficultyModel } from './model-file.js';
import { type Rating, rateWith, type WalkOptions } from './rating.js';

export {
  type DifficultyLabel,
  difficultyLabels,
  LABEL_BANDS,
  labelOf,
  type Rating,
  type RatingComponents,
} from './rating.js';

export interface RateOptions extends WalkOptions {
  /** The model that weighs the components; the default model (docs/difficulty-model.yaml) when absent. */
  model?: DifficultyModel;
}

/**
 * The score of an effort E (in steps) under a model (the default one when absent).
 * @returns difficulty in [1, 10]
 */
export function scoreOf(effort: number, model: DifficultyModel = defaultDifficultyModel()): number {
  return scoreOfEffort(effort, model);
}

/**
 * Rates a maze (`rateWith`) under `options.model`, or the model shipped with mazebook.
 * Deterministic: the walks draw from one generator seeded with `seed`.
 */
export function rateMaze(maze: Maze, seed: Seed128, options: RateOptions = {}): Rating {
  return rateWith(maze, seed, options.model ?? defaultDifficultyModel(), options);
}
