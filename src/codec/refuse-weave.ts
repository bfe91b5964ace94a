import type { Maze } from '../generate/maze.js';
import { CodecError } from './codec-error.js';

/**
 * Refuses a weave maze (one whose grid has under-passages) in a format that has no way to show a passage
 * running under another: the text drawings and Finger Maze strings.
 * @param format the format, as in "cannot be written as <format>"
 * @throws CodecError for a weave maze
 */
export function refuseWeave(maze: Maze, format: string): void {
  if (!maze.grid.weave) return;
  throw new CodecError(
    `a weave maze (passages crossing under bridges) cannot be written as ${format}`,
    undefined,
    undefined,
    'write it as maze JSON, or draw it as SVG, PNG or PDF',
  );
}
