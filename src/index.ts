/** The library entry point (`import { buildBook } from 'mazebook'`); the CLI is a thin layer over these. */
export { measure } from './analyze/metrics.js';
export { solve } from './analyze/solve.js';
export { buildBook, layoutBook, loadSpec } from './book/build-book.js';
export { generateMaze, type MazeRecipe } from './generate/generate-maze.js';
export type { Maze } from './generate/maze.js';
export { algorithmNames } from './generate/registry.js';
export type { Grid } from './grid/grid.js';
export { planBook } from './plan/plan-book.js';
export { deriveSeed } from './random/derive-seed.js';
export { createRng } from './random/sfc32.js';
export { renderPdf } from './render/pdf.js';
export { renderSvgPage } from './render/svg.js';
export { UserError } from './spec/errors.js';
