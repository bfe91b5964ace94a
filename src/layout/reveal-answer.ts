import { colouredCells } from '../analyze/reveal-stats.js';
import type { Solution } from '../analyze/solve.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import type { BookPlan } from '../plan/book-plan.js';
import { type AnswerKeyStyle, revealFill } from './answer-key-style.js';
import type { MazeStyle } from './draw-maze.js';

/**
 * What an answer drawing adds to a maze's walls: the route's band and line, or for a hidden-picture maze its
 * route coloured in as an area (for a reverse picture every cell off the route), so the picture shows.
 */
export function answerMarks(
  book: BookPlan,
  recipe: MazeRecipe,
  maze: Maze,
  solution: Solution,
  key: AnswerKeyStyle,
): Pick<MazeStyle, 'pictureWalls' | 'band' | 'solution' | 'underRoute' | 'area'> {
  const reveal = recipe.picture?.reveal;
  if (!reveal) {
    return {
      pictureWalls: key.pictureWalls,
      band: key.band,
      solution: key.solution,
      underRoute: key.underRoute,
    };
  }
  return {
    area: { cells: colouredCells(maze.grid.cellCount, solution, reveal.reverse), color: revealFill(book) },
  };
}
