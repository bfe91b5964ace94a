import { loopCount, rimShare } from '../analyze/metrics.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import { postKeepsPerfect } from '../generate/post/registry.js';
import { bfs } from '../grid/bfs.js';
import type { GridSize } from '../grid/registry.js';
import type { BookPlan, DifficultyTarget, PuzzlePlan } from '../plan/plan-book.js';
import { NEAR_MISS } from '../plan/resolve-difficulty.js';
import { mm } from '../spec/units.js';
import {
  atLargest,
  type Candidate,
  finishPuzzle,
  GROW,
  harderVariants,
  hugsRim,
  makeCandidate,
  messageRoomError,
  rateCandidate,
  repeatsAny,
  scaleSize,
  startSize,
  type Variant,
  variantsText,
} from './candidate.js';
import { type ChosenPuzzle, canonicalOfPuzzle } from './chosen-puzzle.js';
import { otherKind } from './puzzle-kinds.js';
import { notEnoughMazes, REROLLS } from './repeats.js';

export { hugsRim, RIM_HUGGING } from './candidate.js';
export { type ChosenPuzzle, clearPassage, clearPassageIn } from './chosen-puzzle.js';

/** How far a score is from a band (0 inside it). */
export function bandDistance(score: number, band: DifficultyTarget): number {
  return score < band.min ? band.min - score : score > band.max ? score - band.max : 0;
}

/** Candidates tried for a puzzle without a difficulty target when the solution hugs the rim. */
const RIM_RETRIES = 4;

const NONE: ReadonlySet<string> = new Set();

/** The state of one page's search among its candidates. */
interface PageSearch {
  readonly book: BookPlan;
  readonly p: PuzzlePlan;
  readonly target?: DifficultyTarget;
  /** Candidates to try (rated ones are screened first when there are several). */
  readonly tries: number;
  readonly rate: boolean;
  readonly exclude: ReadonlySet<string>;
  /** The best candidate so far and how far it is from what the page wants (`judge`). */
  best?: Candidate;
  distance: number;
  /** Candidates generated that could be kept, and candidates skipped as repeats of other puzzles. */
  tried: number;
  skipped: number;
  /** The next candidate index. */
  next: number;
  /** The size the next automatic candidate is made at. */
  size: GridSize;
}

/**
 * Generates one puzzle on its own (a series is chosen as a whole by `chooseSeries`). Without a difficulty
 * target: candidate 0 (or the next, up to RIM_RETRIES, while the solution hugs the rim), rated when `rate`
 * is set. With one: candidates 0, 1, … (each from its own derived seed) are generated and rated until one
 * lands in the band, and the closest is kept; with `cells: auto` each miss also grows or shrinks the next
 * candidate. A candidate whose maze is in `exclude` (canonical hashes: earlier puzzles, avoided lockfiles)
 * is skipped for the next seed, at most REROLLS times. Warnings (the kept candidate's own, and a target not
 * reached) go to `warn`.
 */
export function choosePuzzle(
  book: BookPlan,
  p: PuzzlePlan,
  rate: boolean,
  warn: (what: string) => void,
  exclude: ReadonlySet<string> = NONE,
): ChosenPuzzle {
  for (const note of p.notes) warn(note);
  const search = startSearch(book, p, rate, exclude);
  searchCandidates(search);
  const variants = reachHarder(search);
  const best = confirmBest(search);
  if (!best) throw notEnoughMazes(p, search.size, search.skipped);
  checkRoom(search, best);
  for (const note of best.notes) warn(note);
  warnMiss(search, best, variants, warn);
  return finishPuzzle(book, p, best, search.tried);
}

function startSearch(book: BookPlan, p: PuzzlePlan, rate: boolean, exclude: ReadonlySet<string>): PageSearch {
  const target = p.difficulty;
  // Without a target, a maze whose solution hugs the rim (or is too short for a mazegram's message) is
  // replaced by the next candidate, a few times.
  const tries = p.recipe.fixed
    ? 1
    : target
      ? p.candidates
      : p.mazegram
        ? Math.max(RIM_RETRIES, p.candidates)
        : RIM_RETRIES;
  return {
    book,
    p,
    ...(target ? { target } : {}),
    tries,
    rate,
    exclude,
    distance: Infinity,
    tried: 0,
    skipped: 0,
    next: 0,
    size: p.autoSize && target ? startSize(p, (target.min + target.max) / 2) : p.recipe.size,
  };
}

/** How far a candidate is from what the page wants: its penalty and its distance from the band. */
function judge(s: PageSearch, cand: Candidate): number {
  const band = s.target && cand.rating ? bandDistance(cand.rating.score, s.target) : 0;
  return cand.penalty + band;
}

/**
 * Generates, rates and judges the next candidate from `recipe`, and keeps it when it is the best so far. A
 * repeat of an excluded maze is skipped (undefined) before it is rated; a hand-made maze (a Finger Maze
 * string) cannot be re-rolled and is never skipped.
 */
function attempt(s: PageSearch, recipe: MazeRecipe): Candidate | undefined {
  const made = makeCandidate(s.book, s.p, recipe, s.next++);
  if (!recipe.fixed && repeatsAny(made, s.exclude)) {
    s.skipped++;
    return undefined;
  }
  // Candidates are screened with a quicker rating when there are several; the one kept is rated in full.
  const depth = s.target ? (s.tries > 1 ? 'screen' : 'full') : s.rate ? 'full' : 'none';
  const cand = rateCandidate(s.book, s.p, made, depth);
  s.tried++;
  const distance = judge(s, cand);
  if (!s.best || distance < s.distance) {
    s.best = cand;
    s.distance = distance;
  }
  return cand;
}

/**
 * Rates the best candidate in full (the screening rating is only ±10 %) and tells whether it meets the
 * target: a candidate that seemed to is confirmed before the search stops.
 */
function confirmed(s: PageSearch): boolean {
  const b = s.best;
  if (!b) return false;
  if (s.target && b.rating && !b.full) {
    s.best = rateCandidate(s.book, s.p, b, 'full');
    s.distance = judge(s, s.best);
  }
  return s.distance <= (s.best?.full ? NEAR_MISS : 0);
}

/** The best candidate, rated in full when it has a target. */
function confirmBest(s: PageSearch): Candidate | undefined {
  confirmed(s);
  return s.best;
}

/**
 * Candidates 0, 1, … until one meets the target (or `tries` could be kept); with `cells: auto`, each one
 * too easy makes the next larger, each too hard smaller. Repeats of excluded mazes do not count, up to
 * REROLLS of them.
 */
function searchCandidates(s: PageSearch): void {
  const { p, target } = s;
  while (s.tried < s.tries && s.skipped < REROLLS) {
    const recipe: MazeRecipe = p.autoSize ? { ...p.recipe, size: s.size } : p.recipe;
    const cand = attempt(s, recipe);
    if (!cand) continue;
    let rating = cand.rating;
    if (s.best === cand && s.distance === 0) {
      if (confirmed(s)) return;
      rating = s.best?.rating;
    }
    if (!p.autoSize) continue;
    if (cand.room < (p.mazegram?.letters ?? 0)) s.size = scaleSize(p, s.size, GROW);
    else if (target && rating) {
      if (rating.score < target.min) s.size = scaleSize(p, s.size, GROW);
      else if (rating.score > target.max) s.size = scaleSize(p, s.size, 1 / GROW);
    }
  }
}

/** The best candidate is too easy for the target (beyond what a full rating forgives). */
function tooEasy(s: PageSearch): boolean {
  const b = s.best;
  if (!b?.rating || !s.target || s.distance <= (b.full ? NEAR_MISS : 0)) return false;
  return b.rating.score < s.target.min;
}

/**
 * Too easy at the largest size the page allows (the passage floor stops `auto` from growing): other
 * algorithms and post-processes the page allows, with more candidates, before giving up. (A size the spec
 * gives is the author's lever; the warning suggests it.) Returns the variants tried.
 */
function reachHarder(s: PageSearch): Variant[] {
  const { p } = s;
  confirmed(s);
  const grown = atLargest(p, s.size) || atLargest(p, s.best?.recipe.size);
  if (!s.target || !p.autoSize || s.tries <= 1 || !grown || !tooEasy(s)) return [];
  const largest = p.autoSize.max;
  const more = Math.max(2, Math.ceil(p.candidates / 2));
  const variants = harderVariants(p);
  // The variants' candidate indices start one after the search's last, as they always have (books keep
  // their mazes).
  s.next++;
  for (const v of variants) {
    const recipe: MazeRecipe = { ...p.recipe, size: largest, algorithm: v.algorithm, post: v.post };
    for (let k = 0; k < more && tooEasy(s) && s.skipped < REROLLS; k++) {
      attempt(s, recipe);
      confirmed(s);
    }
    if (!tooEasy(s)) break;
  }
  return variants;
}

/** A mazegram whose message fits no candidate's solution is the author's to fix. */
function checkRoom(s: PageSearch, best: Candidate): void {
  if (best.room < (s.p.mazegram?.letters ?? 0)) throw messageRoomError(s.p, s.tried, best.room);
}

/** Warns when the best candidate misses its target by more than a full rating's NEAR_MISS. */
function warnMiss(s: PageSearch, best: Candidate, variants: Variant[], warn: (what: string) => void): void {
  const { p, target } = s;
  if (!target || !best.rating || s.distance <= NEAR_MISS) return;
  const score = best.rating.score;
  const reached = variants.length > 0 ? `, also with ${variantsText(variants)}` : '';
  const atFloor = p.autoSize && score < target.min && atLargest(p, best.recipe.size);
  const floor = `${mm(p.floor.clear)} clear`;
  warn(
    atFloor
      ? `difficulty ${target.name} not reached at the passage floor (${floor}, the largest maze the page holds): the best of ${s.tried} candidates${reached} scored ${score.toFixed(1)} (${best.rating.label}); aim lower, or give the maze more room (larger paper, smaller margins, a narrower min-passage)`
      : `difficulty ${target.name} not reached: the best of ${s.tried} candidates${reached} scored ${score.toFixed(1)} (${best.rating.label}); use more candidates${p.autoSize ? '' : ', cells: auto'} or another size or algorithm`,
  );
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
    const kind = otherKind(p);
    if (kind) problems.push(...kind.check(p));
    else wallChecks(p, problems);
    // Identical up to the grid's reflections and rotations (a mirrored copy is the same puzzle).
    const hash = canonicalOfPuzzle(p);
    const twin = seen.get(hash);
    if (twin) {
      problems.push(`${where}: puzzle ${p.plan.number} is identical to puzzle ${twin.plan.number}`);
    } else seen.set(hash, p);
  }
  return problems;
}

/** The book checks of a wall maze: loops in a maze meant to be perfect, cells out of reach, a route along the rim. */
function wallChecks(p: ChosenPuzzle, problems: string[]): void {
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
}
