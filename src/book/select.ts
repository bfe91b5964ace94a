import { type Metrics, measure } from '../analyze/metrics.js';
import { type Rating, rateMaze } from '../analyze/rate.js';
import { type Solution, solve } from '../analyze/solve.js';
import { canonicalHash } from '../codec/canonical.js';
import { generateMaze, type MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import { postKeepsPerfect } from '../generate/post/registry.js';
import { bfs } from '../grid/bfs.js';
import { type GridSize, type TopologyInfo, topologies } from '../grid/registry.js';
import { type Mazegram, messageCells, placeMazegram } from '../mazegram/place.js';
import type { BookPlan, DifficultyTarget, PuzzlePlan } from '../plan/plan-book.js';
import { deriveSeed } from '../random/derive-seed.js';
import { createRng } from '../random/sfc32.js';
import { UserError } from '../spec/errors.js';

/** A puzzle as generated: the maze kept (of its candidates), its solution, metrics and rating. */
export interface ChosenPuzzle {
  plan: PuzzlePlan;
  /** The recipe of the maze kept (its size may differ from the plan's with `cells: auto`). */
  recipe: MazeRecipe;
  maze: Maze;
  solution: Solution;
  metrics: Metrics;
  rating?: Rating;
  /** The letters of a mazegram. */
  mazegram?: Mazegram;
  /** Which candidate seed was kept, and how many were tried. */
  candidate: number;
  tried: number;
}

/** How far a score is from a band (0 inside it). */
export function bandDistance(score: number, band: DifficultyTarget): number {
  return score < band.min ? band.min - score : score > band.max ? score - band.max : 0;
}

/** Score distance from the band still counted as meeting the target (the ratings' own precision). */
const NEAR_MISS = 0.1;

/** A quick rating for screening candidates: fewer walks, ±10 % instead of ±5 %. */
const SCREENING = { minWalks: 40, precision: 0.1 } as const;

/** Growth factor of an automatic size between candidates. */
const GROW = 1.25;
const MIN_SIDE = 3;

/**
 * First guess for `cells: auto`: the score grows by about one point per e-fold of cells (see
 * docs/difficulty.md), so aim the cell count at the band's centre, keeping the page's proportions.
 */
function startSize(p: PuzzlePlan, target: DifficultyTarget): GridSize {
  const centre = (target.min + target.max) / 2;
  const wanted = AUTO_CELLS_AT * Math.exp((centre - AUTO_SCORE_AT) / AUTO_SCORE_PER_E);
  const topo: TopologyInfo = topologies[p.recipe.shape];
  const have = topo.count(p.recipe.size);
  return scaleSize(p.recipe.size, Math.sqrt(wanted / have), p.autoSize?.max ?? p.recipe.size);
}

/** The size model behind startSize: AUTO_CELLS_AT cells score about AUTO_SCORE_AT. */
const AUTO_CELLS_AT = 100;
const AUTO_SCORE_AT = 4.3;
const AUTO_SCORE_PER_E = 1.08;

function scaleSize(size: GridSize, factor: number, max: GridSize): GridSize {
  const side = (v: number, m: number) => Math.max(MIN_SIDE, Math.min(m, Math.round(v * factor)));
  return { columns: side(size.columns, max.columns), rows: side(size.rows, max.rows) };
}

/**
 * Generates one puzzle. Without a difficulty target: candidate 0 (or the next, up to RIM_RETRIES, while the
 * solution hugs the rim), rated when `rate` is set. With one:
 * candidates 0, 1, … (each from its own derived seed) are generated and rated until one lands in the band,
 * and the closest is kept; with `cells: auto` each miss also grows or shrinks the next candidate. In a
 * series, a candidate that does not score above the previous page counts as a miss. Warnings (the kept
 * candidate's own, and a target not reached) go to `warn`.
 */
export function choosePuzzle(
  book: BookPlan,
  p: PuzzlePlan,
  rate: boolean,
  previous: number | undefined,
  warn: (what: string) => void,
): ChosenPuzzle {
  const target = p.difficulty;
  // Candidates derive from the page's own seed when it has one, else from the book's.
  const seed = p.pageSeed ?? book.seed;
  let size = p.autoSize && target ? startSize(p, target) : p.recipe.size;
  let best: (ChosenPuzzle & { distance: number; notes: string[] }) | undefined;
  // Without a target, a maze whose solution hugs the rim (or is too short for a mazegram's message) is
  // replaced by the next candidate, a few times.
  const tries = p.recipe.fixed
    ? 1
    : target
      ? p.candidates
      : p.mazegram
        ? Math.max(RIM_RETRIES, p.candidates)
        : RIM_RETRIES;
  const needed = p.mazegram?.letters ?? 0;
  let tried = 0;
  let bestRoom = 0;
  for (let c = 0; c < tries; c++) {
    const recipe: MazeRecipe = p.autoSize ? { ...p.recipe, size } : p.recipe;
    const notes: string[] = [];
    const maze = generateMaze(recipe, deriveSeed(seed, p.key, c), p.where, (w) => notes.push(w));
    tried++;
    // Candidates are screened with a quicker rating (±10 %); the one kept is rated in full below.
    const screen = target !== undefined && tries > 1;
    const rating =
      target || rate
        ? rateMaze(maze, deriveSeed(seed, `${p.key}#rate`, c), screen ? SCREENING : {})
        : undefined;
    const solution = solve(maze);
    const metrics = measure(maze, solution);
    const room = needed > 0 ? messageCells(maze, solution).length : 0;
    const short = room < needed;
    let distance = (hugsRim(maze, metrics) ? RIM_PENALTY : 0) + (short ? SHORT_PENALTY : 0);
    if (target && rating) {
      distance += bandDistance(rating.score, target);
      if (previous !== undefined && rating.score <= previous) distance += 10 + previous - rating.score;
    }
    if (!best || distance < best.distance) {
      bestRoom = room;
      best = {
        plan: p,
        recipe,
        maze,
        solution,
        metrics,
        rating,
        candidate: c,
        tried: 0,
        distance,
        notes,
      };
    }
    if (distance === 0) break;
    if (p.autoSize && short) size = scaleSize(size, GROW, p.autoSize.max);
    else if (p.autoSize && target && rating) {
      const low = rating.score < target.min || (previous !== undefined && rating.score <= previous);
      if (low) size = scaleSize(size, GROW, p.autoSize.max);
      else if (rating.score > target.max) size = scaleSize(size, 1 / GROW, p.autoSize.max);
    }
  }
  if (!best) throw new Error('internal: no candidate maze');
  if (bestRoom < needed) {
    throw new UserError(
      p.where,
      `mazegram: the message has ${needed} letters but the longest solution of ${tried} candidate mazes has ${bestRoom} cells for letters`,
      `each letter needs a cell on the solution: use more cells (the solution is typically a third of a small maze's cells), cells: auto, more candidates, or a shorter message`,
    );
  }
  if (best.rating && target && tries > 1) {
    // The full rating decides whether the target was met (the screening one was only ±10 %).
    best.rating = rateMaze(best.maze, deriveSeed(seed, `${p.key}#rate`, best.candidate));
    best.distance =
      bandDistance(best.rating.score, target) + (hugsRim(best.maze, best.metrics) ? RIM_PENALTY : 0);
    if (previous !== undefined && best.rating.score <= previous) best.distance += 10;
  }
  for (const note of best.notes) warn(note);
  // The full rating may land a hair outside a band the screening rating was inside; that is not a miss.
  if (target && best.rating && best.distance > NEAR_MISS) {
    const rising = previous !== undefined && best.rating.score <= previous;
    warn(
      rising
        ? `series does not rise here: the best of ${tried} candidates scored ${best.rating.score.toFixed(1)}, not above the previous page's ${previous.toFixed(1)} (use more candidates, cells: auto, or a wider range)`
        : `difficulty ${target.name} not reached: the best of ${tried} candidates scored ${best.rating.score.toFixed(1)} (${best.rating.label}); use more candidates${p.autoSize ? '' : ', cells: auto'} or another size or algorithm`,
    );
  }
  const { distance: _d, notes: _n, ...chosen } = best;
  const mazegram = p.mazegram
    ? placeMazegram(
        chosen.maze,
        chosen.solution,
        p.mazegram,
        createRng(deriveSeed(seed, `${p.key}#letters`, chosen.candidate)),
        p.where,
      )
    : undefined;
  return { ...chosen, tried, ...(mazegram ? { mazegram } : {}) };
}

/**
 * Checks a generated book for what authors never want (see docs/difficulty.md, "Book checks"): a maze meant
 * to be perfect with loops, cells that cannot be reached, a solution that mostly runs along the rim, and two
 * identical puzzles. Returns one message per problem, `where: what`.
 */
export function checkBook(puzzles: readonly ChosenPuzzle[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, ChosenPuzzle>();
  for (const p of puzzles) {
    const where = p.plan.where;
    const perfect = (p.recipe.post ?? []).every((s) => postKeepsPerfect[s.name]);
    if (perfect && p.metrics.loops > 0) {
      problems.push(
        `${where}: puzzle ${p.plan.number} is meant to be perfect but has ${p.metrics.loops} loops`,
      );
    }
    const reached = bfs(p.maze.grid, p.maze.open, p.maze.entryCell).reached;
    if (reached < p.maze.grid.cellCount) {
      problems.push(
        `${where}: puzzle ${p.plan.number} has ${p.maze.grid.cellCount - reached} cells that cannot be reached`,
      );
    }
    if (hugsRim(p.maze, p.metrics)) {
      problems.push(
        `${where}: puzzle ${p.plan.number}'s solution runs along the outer wall for ${Math.round(p.metrics.rimShare * 100)}% of its length (too easy to guess)`,
      );
    }
    // Identical up to the grid's reflections and rotations (a mirrored copy is the same puzzle).
    const hash = canonicalHash(p.maze);
    const twin = seen.get(hash);
    if (twin) {
      problems.push(`${where}: puzzle ${p.plan.number} is identical to puzzle ${twin.plan.number}`);
    } else seen.set(hash, p);
  }
  return problems;
}

/**
 * Share of the solution on rim cells above which a maze is reported as hugging the rim (when that is also
 * well above the share of rim cells in the whole maze, which is high in small mazes).
 */
export const RIM_HUGGING = 0.6;

/** Candidates tried for a puzzle without a difficulty target when the solution hugs the rim. */
const RIM_RETRIES = 4;
/** Counts against a candidate whose solution is too short for the message (worse than anything else). */
const SHORT_PENALTY = 1000;
/** Counts against a candidate whose solution hugs the rim (more than any difficulty miss). */
const RIM_PENALTY = 100;

/** The solution runs mostly along the rim, far more than the share of rim cells would explain. */
export function hugsRim(maze: Maze, metrics: Metrics): boolean {
  if (metrics.solutionLength < 12 || metrics.rimShare <= RIM_HUGGING) return false;
  const { grid } = maze;
  let rimCells = 0;
  for (let c = 0; c < grid.cellCount; c++) if (grid.rimStart[c + 1] > grid.rimStart[c]) rimCells++;
  return metrics.rimShare > 1.5 * (rimCells / grid.cellCount);
}
