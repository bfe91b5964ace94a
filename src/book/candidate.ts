import { rimShare } from '../analyze/metrics.js';
import { rateWith } from '../analyze/rating.js';
import { type Solution, solveReaching } from '../analyze/solve.js';
import { UserError } from '../base/errors.js';
import { canonicalHash } from '../codec/canonical.js';
import { generateMaze, type MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import type { AlgorithmName } from '../generate/registry.js';
import { type GridSize, type TopologyInfo, topologies } from '../grid/registry.js';
import { messageCells, placeMazegram } from '../mazegram/place.js';
import type { BookPlan, PuzzlePlan } from '../plan/plan-book.js';
import { cellsForScore } from '../plan/resolve-difficulty.js';
import { deriveSeed } from '../random/derive-seed.js';
import { createRng } from '../random/sfc32.js';
import type { Candidate, RatingDepth } from './candidate-type.js';
import { type ChosenPuzzle, clearPassage } from './chosen-puzzle.js';
import { otherKind } from './puzzle-kinds.js';

export type { Candidate, RatingDepth } from './candidate-type.js';

/**
 * A quick rating for screening candidates: fewer walks, ±10 % on the mean overlap instead of ±5 %. On
 * square mazes of 35 to 4,700 cells the screened score is within 0.015 of the full one.
 */
const SCREENING = { precision: 0.1, scorePrecision: 0.05 } as const;

/**
 * Share of the solution on rim cells above which a maze is reported as hugging the rim (when that is also
 * well above the share of rim cells in the whole maze, which is high in small mazes).
 */
export const RIM_HUGGING = 0.6;
/** Counts against a candidate whose solution is too short for the message (worse than anything else). */
export const SHORT_PENALTY = 1_000_000;
/** Counts against a candidate whose solution hugs the rim (more than any difficulty miss). */
export const RIM_PENALTY = 100;

/** The seed a puzzle's candidates derive from: the page's own, else the book's. */
export function candidateSeed(book: BookPlan, p: PuzzlePlan): number {
  return p.pageSeed ?? book.seed;
}

/**
 * Generates and solves candidate `index` of puzzle `p` from `recipe` (not rated: see `rateCandidate`). A
 * puzzle of another kind than a wall maze is made by its kind (puzzle-kinds.ts).
 */
export function makeCandidate(book: BookPlan, p: PuzzlePlan, recipe: MazeRecipe, index: number): Candidate {
  const kind = otherKind(p);
  if (kind) return kind.make(book, p, recipe, index);
  const notes: string[] = [];
  const seed = candidateSeed(book, p);
  const maze = generateMaze(recipe, deriveSeed(seed, p.key, index), p.where, (w) => notes.push(w));
  const { solution, reached } = solveReaching(maze);
  const needed = p.mazegram?.letters ?? 0;
  const room = needed > 0 ? messageCells(maze, solution).length : 0;
  const penalty = (room < needed ? SHORT_PENALTY : 0) + (hugsRim(maze, solution) ? RIM_PENALTY : 0);
  return {
    recipe,
    key: p.key,
    index,
    maze,
    solution,
    ...(maze.oneWay ? {} : { reached }),
    full: false,
    room,
    penalty,
    notes,
  };
}

/**
 * The candidate rated as `depth` says, from its own walks' seed (a full rating after a screening takes the
 * same seed, and more walks); a candidate rated in full already is returned as it is.
 */
export function rateCandidate(book: BookPlan, p: PuzzlePlan, c: Candidate, depth: RatingDepth): Candidate {
  if (depth === 'none' || c.full || (depth === 'screen' && c.rating)) return c;
  const kind = otherKind(p);
  if (kind) return kind.rate(book, p, c, depth);
  const seed = deriveSeed(candidateSeed(book, p), `${c.key}#rate`, c.index);
  const rating = rateWith(c.maze, seed, book.difficultyModel, {
    ...(depth === 'screen' ? SCREENING : {}),
    solution: c.solution,
  });
  return { ...c, rating, full: depth === 'full' };
}

/** The error for a mazegram whose message fits none of `tried` candidates (the best had `room` cells). */
export function messageRoomError(p: PuzzlePlan, tried: number, room: number): UserError {
  return new UserError(
    p.where,
    `mazegram: the message has ${p.mazegram?.letters ?? 0} letters but the longest solution of ${tried} candidate mazes has ${room} cells for letters`,
    `each letter needs a cell on the solution: use more cells (the solution is typically a third of a small maze's cells), cells: auto, more candidates, or a shorter message`,
  );
}

/** The candidate's canonical hash (same for its rotations and reflections), computed once. */
export function canonicalOf(c: Candidate): string {
  c.canonical ??= canonicalHash(c.maze);
  return c.canonical;
}

/** Whether the candidate repeats a maze of `exclude` (canonical hashes); hashed only when there are any. */
export function repeatsAny(c: Candidate, exclude: ReadonlySet<string>): boolean {
  return exclude.size > 0 && exclude.has(canonicalOf(c));
}

/** The solution runs mostly along the rim, far more than the share of rim cells would explain. */
export function hugsRim(maze: Maze, solution: Solution): boolean {
  const share = rimShare(maze, solution);
  if (solution.cells.length < 12 || share <= RIM_HUGGING) return false;
  const { grid } = maze;
  let rimCells = 0;
  for (let c = 0; c < grid.cellCount; c++) if (grid.rimStart[c + 1] > grid.rimStart[c]) rimCells++;
  return share > 1.5 * (rimCells / grid.cellCount);
}

/**
 * The puzzle as the book keeps it: the candidate, how many were tried, the clear passage as printed and the
 * mazegram's letters (drawn from the candidate's own seed).
 */
export function finishPuzzle(book: BookPlan, p: PuzzlePlan, c: Candidate, tried: number): ChosenPuzzle {
  const seed = candidateSeed(book, p);
  const mazegram = p.mazegram
    ? placeMazegram(
        c.maze,
        c.solution,
        p.mazegram,
        createRng(deriveSeed(seed, `${p.key}#letters`, c.index)),
        p.where,
      )
    : undefined;
  return {
    plan: p,
    recipe: c.recipe,
    maze: c.maze,
    solution: c.solution,
    ...(c.rating ? { rating: c.rating } : {}),
    candidate: c.index,
    ...(c.key !== p.key ? { seedKey: c.key } : {}),
    tried,
    clear: clearPassage(book, p, c.maze),
    ...(c.reached !== undefined ? { reached: c.reached } : {}),
    ...(c.canonical !== undefined ? { canonical: c.canonical } : {}),
    ...(mazegram ? { mazegram } : {}),
    ...(c.rule ? { rule: c.rule } : {}),
  };
}

/** Growth factor of an automatic size between a page's candidates. */
export const GROW = 1.25;
const MIN_SIDE = 3;

/**
 * The size of an automatic (`cells: auto`) puzzle whose full grid has about `cells` cells, keeping the
 * page's proportions, within its smallest and largest sizes.
 */
export function sizeForCells(p: PuzzlePlan, cells: number): GridSize {
  const topo: TopologyInfo = topologies[p.recipe.shape];
  const have = topo.count(p.recipe.size);
  return scaleSize(p, p.recipe.size, Math.sqrt(cells / have));
}

/**
 * First guess for `cells: auto`: the score grows by about one point per e-fold of cells (see
 * docs/difficulty.md), so aim the cell count at `score`.
 */
export function startSize(p: PuzzlePlan, score: number): GridSize {
  return sizeForCells(p, cellsForScore(score));
}

/** `size` with both sides times `factor`, rounded, within the page's automatic range. */
export function scaleSize(p: PuzzlePlan, size: GridSize, factor: number): GridSize {
  const max = p.autoSize?.max ?? p.recipe.size;
  const min = p.autoSize?.min;
  const side = (v: number, m: number, least: number) =>
    Math.max(MIN_SIDE, least, Math.min(m, Math.round(v * factor)));
  return {
    columns: side(size.columns, max.columns, Math.min(min?.columns ?? 0, max.columns)),
    rows: side(size.rows, max.rows, Math.min(min?.rows ?? 0, max.rows)),
  };
}

/** Whether `size` is the largest the page allows (both sides at their most). */
export function atLargest(p: PuzzlePlan, size: GridSize | undefined): boolean {
  const max = p.autoSize?.max;
  return !!size && !!max && size.columns >= max.columns && size.rows >= max.rows;
}

/**
 * Algorithms whose mazes score highest at one size under the effort model, best first (median scores of
 * 60×60 square mazes: backtracker 8.9, hunt-and-kill 8.6, against kruskal 8.3 and wilson 8.2; their long,
 * winding routes count; see docs/difficulty.md). When a target is out of reach at the largest size the page
 * allows, the search tries these among the ones the page allows, with `reverse-wasted-turns` when the page
 * sets no post-processes.
 */
const HARDER_ALGORITHMS: readonly AlgorithmName[] = ['backtracker', 'hunt-and-kill'];

/** A way to make a candidate harder without growing it: another algorithm and post-processes. */
export interface Variant {
  algorithm: AlgorithmName;
  post: MazeRecipe['post'];
}

/** The variants the search may try for a page whose best candidate is too easy, in order. */
export function harderVariants(p: PuzzlePlan): Variant[] {
  const base = p.recipe;
  const rwt = [...(base.post ?? []), { name: 'reverse-wasted-turns' as const }];
  const out: Variant[] = [];
  if (p.reach.post) out.push({ algorithm: base.algorithm, post: rwt });
  for (const algorithm of HARDER_ALGORITHMS) {
    if (algorithm === base.algorithm || !p.reach.algorithms.includes(algorithm)) continue;
    out.push({ algorithm, post: p.reach.post ? rwt : base.post });
  }
  return out;
}

/** `hunt-and-kill, wilson and reverse-wasted-turns`: what the variants tried, for messages. */
export function variantsText(variants: readonly Variant[]): string {
  const names = [...new Set(variants.flatMap((v) => [v.algorithm, ...(v.post ?? []).map((s) => s.name)]))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}
