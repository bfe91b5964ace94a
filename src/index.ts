/**
 * The library entry point (`import { buildBook } from 'mazebook'`); the CLI is a thin layer over these.
 * See docs/api.md.
 */

export { type DifficultyModel, difficultyModelText } from './analyze/difficulty-model.js';
export { explainRating } from './analyze/explain-rating.js';
export { fitDifficultyModel, type TimedMaze } from './analyze/fit-model.js';
// Mazes: grids, masks, generation, analysis.
export { type Metrics, measure } from './analyze/metrics.js';
export { defaultDifficultyModel, loadDifficultyModel } from './analyze/model-file.js';
export { type DifficultyLabel, labelOf, type Rating, rateMaze, scoreOf } from './analyze/rate.js';
export { Simulator, type SimulatorName, simulatorNames } from './analyze/simulate.js';
export { type Solution, solve } from './analyze/solve.js';
export { parseSolveTimes, type SolveTime } from './analyze/solve-times.js';
export { UserError, UserErrors } from './base/errors.js';
export { createFileAccess, defaultPathPolicy, type FileAccess, type PathPolicy } from './base/files.js';
// Books: spec → plan → puzzles → layout → PDF.
export {
  type BuildOptions,
  type BuildResult,
  buildBook,
  type GeneratedPuzzle,
  type LaidOutBook,
  layoutBook,
  loadSpec,
  type Progress,
  planSpec,
} from './book/build-book.js';
export { checkFrozen, type LockEntry, type LockFile, lockFor, mazeContentHash } from './book/lockfile.js';
export { type OutputFile, writeOutputs } from './book/outputs.js';
export { type BookRatings, type PageRating, type RateBookOptions, rateBook } from './book/rate-book.js';
export { formatOf, type RenderFormat, type RenderMazeOptions, renderMaze } from './book/render-maze.js';
export type { ChosenPuzzle } from './book/select.js';
// Single mazes in and out.
export { canonicalHash } from './codec/canonical.js';
export { CodecError } from './codec/codec-error.js';
export { decodeFm, encodeFm, standardFormFm } from './codec/fm.js';
export { exportMazeJson, importMazeJson } from './codec/json.js';
export { mazeJsonSchema } from './codec/json-schema.js';
export { amazingText, boxText } from './codec/text.js';
export { generateMaze, type MazeRecipe } from './generate/generate-maze.js';
export type { Maze } from './generate/maze.js';
export { type AlgorithmName, algorithmNames } from './generate/registry.js';
export type { Grid } from './grid/grid.js';
export { buildGrid, type GridSize, type TopologyName, topologyNames } from './grid/registry.js';
export { countCrossings, crossingProblem, WEAVE_INSET, weaveGrid } from './grid/weave.js';
// Drawing.
export type { DisplayDocument, Item, Page } from './layout/display-list.js';
export { maskedGrid } from './mask/apply.js';
export { type MaskDescriptor, maskOf } from './mask/descriptor.js';
export { formulaShape } from './mask/formula.js';
export { imageShape } from './mask/image.js';
export type { Bitmap, MaskShape } from './mask/shape.js';
export { builtinShape, shapeNames } from './mask/shapes.js';
export { textShape } from './mask/text.js';
export type {
  BookPlan,
  DifficultyTarget,
  FrontPage,
  MazegramPlan,
  PlanOptions,
  PuzzlePlan,
} from './plan/book-plan.js';
export { planBook } from './plan/plan-book.js';
export type { Theme } from './plan/theme.js';
// Seeds, errors, files and the spec's schema.
export { deriveSeed } from './random/derive-seed.js';
export { createRng, type Rng, type Seed128 } from './random/sfc32.js';
export { renderPdf } from './render/pdf.js';
export { renderSvgPage } from './render/svg.js';
export { bookJsonSchema } from './spec/json-schema.js';
export type { BookSpec, EndSpec, MazeSpec, PageSpec } from './spec/schema.js';
export { type FontFace, loadFontFile } from './text/fonts.js';
