import type { Rating } from '../analyze/rating.js';
import type { Solution } from '../analyze/solve.js';
import { canonicalHash } from '../codec/canonical.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import { type TopologyInfo, topologies } from '../grid/registry.js';
import { WEAVE_INSET } from '../grid/weave.js';
import { fitGrid } from '../layout/draw-maze.js';
import { tonedClearPassage } from '../mask/tone.js';
import type { Mazegram } from '../mazegram/place.js';
import { bandUnderMaze, fitScale, gridClearIn, puzzleMazeArea } from '../plan/page-geometry.js';
import type { BookPlan, PuzzlePlan } from '../plan/plan-book.js';
import type { Rect } from '../plan/rect.js';
import type { RulePuzzle } from '../rules/rule-puzzle.js';

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
  /**
   * The page key the kept candidate's seeds derive from, when it is not the puzzle's own: a series shares
   * its candidates among its puzzles, so puzzle 5 may keep a maze made as a candidate of puzzle 4.
   */
  seedKey?: string;
  tried: number;
  /** The clear passage as printed (between walls, after their width), in points. */
  clear: number;
  /**
   * Cells reachable from the entry through open walls, counted by the search that solved the maze (mazes
   * without one-way passages, where that search is the book check's); absent otherwise.
   */
  reached?: number;
  /**
   * The maze's canonical hash (`canonicalHash`), when the builder computed it (to keep puzzles from
   * repeating): a worker thread's copy of the maze is a new object, so the hash travels with it.
   */
  canonical?: string;
  /** A rule maze: its grid of symbols, ends and solution (`maze` is its board; see `Candidate.rule`). */
  rule?: RulePuzzle;
}

/**
 * The clear passage of a maze as its page prints it, in points: the passage (wall centre to wall centre)
 * at the scale the maze is fitted into its maze area (with its markers' room), less the theme's wall width.
 */
export function clearPassage(book: BookPlan, p: PuzzlePlan, maze: Maze): number {
  const geometry = book.layouts[p.perPage] ?? book.geometry;
  const topo: TopologyInfo = topologies[maze.grid.topology as keyof typeof topologies] ?? topologies.square;
  const area = puzzleMazeArea(
    geometry,
    book.theme,
    { blanks: bandUnderMaze(p), markers: p.markers.fit },
    gridClearIn(maze.grid, topo.narrowest, book.theme.walls.width),
  );
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

/** The puzzle's canonical hash: the one its builder computed, else computed now. */
export function canonicalOfPuzzle(p: ChosenPuzzle): string {
  return p.canonical ?? canonicalHash(p.maze);
}
