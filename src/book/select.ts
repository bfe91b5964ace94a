import { loopCount, rimShare } from '../analyze/metrics.js';
import { type Rating, rateWith } from '../analyze/rating.js';
import { type Solution, solveReaching } from '../analyze/solve.js';
import { UserError } from '../base/errors.js';
import { canonicalHash } from '../codec/canonical.js';
import { generateMaze, type MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import { postKeepsPerfect } from '../generate/post/registry.js';
import type { AlgorithmName } from '../generate/registry.js';
import { bfs } from '../grid/bfs.js';
import { type GridSize, type TopologyInfo, topologies } from '../grid/registry.js';
import { WEAVE_INSET } from '../grid/weave.js';
import { fitGrid } from '../layout/draw-maze.js';
import { tonedClearPassage } from '../mask/tone.js';
import { type Mazegram, messageCells, placeMazegram } from '../mazegram/place.js';
import { fitScale, puzzleMazeArea, type Rect } from '../plan/page-geometry.js';
import type { BookPlan, DifficultyTarget, PuzzlePlan } from '../plan/plan-book.js';
import { cellsForScore, difficultyStars, NEAR_MISS, shownStars } from '../plan/resolve-difficulty.js';
import { deriveSeed } from '../random/derive-seed.js';
import { createRng } from '../random/sfc32.js';
import { mm } from '../spec/units.js';

/**
 * A puzzle as generated: the maze kept (of its candidates), its solution and rating. Its whole-maze counts
 * (`measure`) are left to the reports that show them: a book needs only the rim share and the loops.
 */
export interface ChosenPuzzle {
  plan: PuzzlePlan;
  /** The recipe of the maze kept (its size may differ from the plan's with `cells: auto`). */
  recipe: MazeRecipe;
  maze: Maze;
  solution: Solution;
  rating?: Rating;
  /** The letters of a mazegram. */
  mazegram?: Mazegram;
  /** Which candidate seed was kept, and how many were tried. */
  candidate: number;
  tried: number;
  /** The clear passage as printed (between walls, after their width), in points. */
  clear: number;
  /**
   * Cells reachable from the entry through open walls, counted by the search that solved the maze (mazes
   * without one-way passages, where that search is the book check's); absent otherwise.
   */
  reached?: number;
}

/**
 * The clear passage of a maze as its page prints it, in points: the passage (wall centre to wall centre)
 * at the scale the maze is fitted into its maze area, less the theme's wall width.
 */
export function clearPassage(book: BookPlan, p: PuzzlePlan, maze: Maze): number {
  const geometry = book.layouts[p.perPage] ?? book.geometry;
  const area = puzzleMazeArea(geometry, book.theme, {
    blanks: p.mazegram?.blanks ?? false,
    pictures: p.markers.pictures !== undefined,
  });
  return clearPassageIn(maze, area, book.theme.walls.width);
}

/** The clear passage of a maze fitted into `area` with walls `wallWidth` wide, in points. */
export function clearPassageIn(maze: Maze, area: Rect, wallWidth: number): number {
  // Toned walls have their own widths: the narrowest gap between them, at the scale the page draws them.
  const toned = tonedClearPassage(maze.grid);
  if (toned !== undefined) return fitGrid(maze.grid, area).scale * toned;
  const topo: TopologyInfo = topologies[maze.grid.topology as keyof typeof topologies] ?? topologies.square;
  // Weave mazes draw their passages inset in the cells (room for bridges and tunnels).
  const inset = maze.grid.weave ? 1 - 2 * WEAVE_INSET : 1;
  return fitScale(maze.grid, area) * topo.narrowest * inset - wallWidth;
}

/** How far a score is from a band (0 inside it). */
export function bandDistance(score: number, band: DifficultyTarget): number {
  return score < band.min ? band.min - score : score > band.max ? score - band.max : 0;
}

/** A quick rating for screening candidates: fewer walks, ±10 % instead of ±5 %. */
const SCREENING = { minWalks: 40, precision: 0.1 } as const;

/** How far above its band's centre a series page (not the last) may score before a lower one is preferred. */
const AIM_SLACK = 0.1;

/** Growth factor of an automatic size between candidates. */
const GROW = 1.25;
const MIN_SIDE = 3;

/**
 * First guess for `cells: auto`: the score grows by about one point per e-fold of cells (see
 * docs/difficulty.md), so aim the cell count at the band's centre, keeping the page's proportions.
 */
function startSize(p: PuzzlePlan, target: DifficultyTarget): GridSize {
  const centre = (target.min + target.max) / 2;
  const wanted = cellsForScore(centre);
  const topo: TopologyInfo = topologies[p.recipe.shape];
  const have = topo.count(p.recipe.size);
  return scaleSize(
    p.recipe.size,
    Math.sqrt(wanted / have),
    p.autoSize?.max ?? p.recipe.size,
    p.autoSize?.min,
  );
}

function scaleSize(size: GridSize, factor: number, max: GridSize, min?: GridSize): GridSize {
  const side = (v: number, m: number, least: number) =>
    Math.max(MIN_SIDE, least, Math.min(m, Math.round(v * factor)));
  return {
    columns: side(size.columns, max.columns, Math.min(min?.columns ?? 0, max.columns)),
    rows: side(size.rows, max.rows, Math.min(min?.rows ?? 0, max.rows)),
  };
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
interface Variant {
  algorithm: AlgorithmName;
  post: MazeRecipe['post'];
}

/** The variants the search may try for a page whose best candidate is too easy, in order. */
function harderVariants(p: PuzzlePlan): Variant[] {
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
  for (const note of p.notes) warn(note);
  const target = p.difficulty;
  // Candidates derive from the page's own seed when it has one, else from the book's.
  const seed = p.pageSeed ?? book.seed;
  let size = p.autoSize && target ? startSize(p, target) : p.recipe.size;
  let best: (ChosenPuzzle & { distance: number; rank: number; notes: string[]; full?: boolean }) | undefined;
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
  // A series page before its last aims at its band's centre: a score above it takes room the next pages need.
  const aimsLow = p.series !== undefined && p.series.index < p.series.count - 1;
  /**
   * How far a candidate is from what the page wants (`distance`: the target band, a series that must rise,
   * a solution along the rim or too short for the message), and how it ranks among the candidates (`rank`:
   * the distance, and for a series page above its band's centre by more than AIM_SLACK, that excess).
   */
  const judge = (rating: Rating | undefined, maze: Maze, solution: Solution, short: boolean) => {
    let distance = (hugsRim(maze, solution) ? RIM_PENALTY : 0) + (short ? SHORT_PENALTY : 0);
    let aim = 0;
    if (target && rating) {
      distance += bandDistance(rating.score, target);
      if (previous !== undefined && rating.score <= previous) distance += 10 + previous - rating.score;
      if (aimsLow) aim = Math.max(0, rating.score - ((target.min + target.max) / 2 + AIM_SLACK));
    }
    return { distance, rank: distance + aim };
  };
  /** Generates and scores candidate `c` from `recipe`; keeps it when it is the best so far. */
  const attempt = (recipe: MazeRecipe, c: number): { rating?: Rating; short: boolean; rank: number } => {
    const notes: string[] = [];
    const maze = generateMaze(recipe, deriveSeed(seed, p.key, c), p.where, (w) => notes.push(w));
    tried++;
    // Candidates are screened with a quicker rating (±10 %); the one kept is rated in full below.
    const screen = target !== undefined && tries > 1;
    const { solution, reached } = solveReaching(maze);
    const rating =
      target || rate
        ? rateWith(maze, deriveSeed(seed, `${p.key}#rate`, c), book.difficultyModel, {
            ...(screen ? SCREENING : {}),
            solution,
          })
        : undefined;
    const room = needed > 0 ? messageCells(maze, solution).length : 0;
    const short = room < needed;
    const { distance, rank } = judge(rating, maze, solution, short);
    if (!best || rank < best.rank) {
      bestRoom = room;
      best = {
        plan: p,
        recipe,
        maze,
        solution,
        rating,
        candidate: c,
        tried: 0,
        clear: 0,
        ...(maze.oneWay ? {} : { reached }),
        distance,
        rank,
        notes,
      };
    }
    return { rating, short, rank };
  };
  /**
   * Rates the best candidate in full (the screening rating is only ±10 %) and tells whether it meets the
   * target: a candidate that seemed to is confirmed before the search stops.
   */
  const confirmed = (): boolean => {
    const b = best;
    if (!b) return false;
    if (target && b.rating && tries > 1 && !b.full) {
      b.rating = rateWith(b.maze, deriveSeed(seed, `${p.key}#rate`, b.candidate), book.difficultyModel, {
        solution: b.solution,
      });
      b.full = true;
      Object.assign(b, judge(b.rating, b.maze, b.solution, false));
    }
    return b.rank <= (b.full ? NEAR_MISS : 0);
  };
  let c = 0;
  for (; c < tries; c++) {
    const recipe: MazeRecipe = p.autoSize ? { ...p.recipe, size } : p.recipe;
    const attempted = attempt(recipe, c);
    const { short } = attempted;
    let { rating } = attempted;
    if (attempted.rank === 0) {
      if (confirmed()) break;
      rating = best?.rating;
    }
    if (p.autoSize && short) size = scaleSize(size, GROW, p.autoSize.max, p.autoSize.min);
    else if (p.autoSize && target && rating) {
      const low = rating.score < target.min || (previous !== undefined && rating.score <= previous);
      if (low) size = scaleSize(size, GROW, p.autoSize.max, p.autoSize.min);
      else if (rating.score > target.max) size = scaleSize(size, 1 / GROW, p.autoSize.max, p.autoSize.min);
    }
  }
  // Too easy at the largest size the page allows (the passage floor stops `auto` from growing): other
  // algorithms and post-processes the page allows, with more candidates, before giving up. (A size the spec
  // gives is the author's lever; the warning suggests it.)
  const tooEasy = () => {
    const b = best as (ChosenPuzzle & { distance: number; full?: boolean }) | undefined;
    if (!b?.rating || !target || b.distance <= (b.full ? NEAR_MISS : 0)) return false;
    return b.rating.score < target.min || (previous !== undefined && b.rating.score <= previous);
  };
  let reached = '';
  confirmed();
  const atLargest = (g: GridSize | undefined, max: GridSize) =>
    !!g && g.columns >= max.columns && g.rows >= max.rows;
  const grown =
    p.autoSize && (atLargest(size, p.autoSize.max) || atLargest(best?.recipe.size, p.autoSize.max));
  if (target && p.autoSize && tries > 1 && grown && tooEasy()) {
    const largest = p.autoSize.max;
    const more = Math.max(2, Math.ceil(p.candidates / 2));
    const variants = harderVariants(p);
    for (const v of variants) {
      const recipe: MazeRecipe = { ...p.recipe, size: largest, algorithm: v.algorithm, post: v.post };
      for (let k = 0; k < more && tooEasy(); k++) {
        attempt(recipe, ++c);
        confirmed();
      }
      if (!tooEasy()) break;
    }
    reached = variants.length > 0 ? `, also with ${variantsText(variants)}` : '';
  }
  if (!best) throw new Error('internal: no candidate maze');
  if (bestRoom < needed) {
    throw new UserError(
      p.where,
      `mazegram: the message has ${needed} letters but the longest solution of ${tried} candidate mazes has ${bestRoom} cells for letters`,
      `each letter needs a cell on the solution: use more cells (the solution is typically a third of a small maze's cells), cells: auto, more candidates, or a shorter message`,
    );
  }
  // The full rating decides whether the target was met (the screening one was only ±10 %).
  confirmed();
  for (const note of best.notes) warn(note);
  // The full rating may land a hair outside a band the screening rating was inside; that is not a miss.
  if (target && best.rating && best.distance > NEAR_MISS) {
    const rising = previous !== undefined && best.rating.score <= previous;
    const atFloor =
      p.autoSize &&
      best.rating.score < target.min &&
      best.recipe.size.columns >= p.autoSize.max.columns &&
      best.recipe.size.rows >= p.autoSize.max.rows;
    const floor = `${mm(p.floor.clear)} clear`;
    warn(
      rising
        ? `series does not rise here: the best of ${tried} candidates scored ${best.rating.score.toFixed(1)}, not above the previous page's ${previous.toFixed(1)} (use more candidates, cells: auto, or a wider range)`
        : atFloor
          ? `difficulty ${target.name} not reached at the passage floor (${floor}, the largest maze the page holds): the best of ${tried} candidates${reached} scored ${best.rating.score.toFixed(1)} (${best.rating.label}); aim lower, or give the maze more room (larger paper, smaller margins, a narrower min-passage)`
          : `difficulty ${target.name} not reached: the best of ${tried} candidates${reached} scored ${best.rating.score.toFixed(1)} (${best.rating.label}); use more candidates${p.autoSize ? '' : ', cells: auto'} or another size or algorithm`,
    );
  }
  if (target && best.rating && book.showDifficulty === 'stars') {
    const shown = shownStars(best.rating.score, target);
    const low = difficultyStars(target.min);
    const high = difficultyStars(target.max - 1e-6);
    if (shown < low || shown > high) {
      warn(
        `shows ${shown} star${shown > 1 ? 's' : ''} (score ${best.rating.score.toFixed(1)}) but its target ${target.name} (${target.min.toFixed(1)}–${target.max.toFixed(1)}) is ${low === high ? low : `${low}–${high}`} stars`,
      );
    }
  }
  const { distance: _d, rank: _r, notes: _n, full: _f, ...chosen } = best;
  chosen.clear = clearPassage(book, p, chosen.maze);
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

/** `hunt-and-kill, wilson and reverse-wasted-turns`: what the variants tried, for messages. */
function variantsText(variants: readonly Variant[]): string {
  const names = [...new Set(variants.flatMap((v) => [v.algorithm, ...(v.post ?? []).map((s) => s.name)]))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
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
    const loops = perfect ? loopCount(p.maze) : 0;
    if (loops > 0) {
      problems.push(`${where}: puzzle ${p.plan.number} is meant to be perfect but has ${loops} loops`);
    }
    // Without one-way passages the solving search already counted what a search from the entry reaches.
    const reached =
      !p.maze.oneWay && p.reached !== undefined
        ? p.reached
        : bfs(p.maze.grid, p.maze.open, p.maze.entryCell).reached;
    if (reached < p.maze.grid.cellCount) {
      problems.push(
        `${where}: puzzle ${p.plan.number} has ${p.maze.grid.cellCount - reached} cells that cannot be reached`,
      );
    }
    if (hugsRim(p.maze, p.solution)) {
      problems.push(
        `${where}: puzzle ${p.plan.number}'s solution runs along the outer wall for ${Math.round(rimShare(p.maze, p.solution) * 100)}% of its length (too easy to guess)`,
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
export function hugsRim(maze: Maze, solution: Solution): boolean {
  const share = rimShare(maze, solution);
  if (solution.cells.length < 12 || share <= RIM_HUGGING) return false;
  const { grid } = maze;
  let rimCells = 0;
  for (let c = 0; c < grid.cellCount; c++) if (grid.rimStart[c + 1] > grid.rimStart[c]) rimCells++;
  return share > 1.5 * (rimCells / grid.cellCount);
}
