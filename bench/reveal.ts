import { revealStats } from '../src/analyze/reveal-stats.js';
import { solve } from '../src/analyze/solve.js';
import { generateMaze, type MazeRecipe } from '../src/generate/generate-maze.js';
import type { RevealRecipe } from '../src/generate/picture-maze.js';
import { pictureMatch } from '../src/generate/reveal-maze.js';
import { joinPieces, pictureCells } from '../src/mask/reveal-cells.js';
import { silhouetteBitmap } from '../src/mask/silhouette.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { per, report, say, timeRuns } from './measure.js';

/** A hidden-picture maze's recipe of a bundled silhouette on a columns × rows grid. */
function silhouetteRecipe(
  name: 'cat' | 'butterfly' | 'star',
  columns: number,
  rows: number,
  reverse = false,
) {
  const dark = pictureCells(silhouetteBitmap(name), columns, rows, 0.08);
  const target = joinPieces(reverse ? dark.map((d) => 1 - d) : dark, columns, rows).cells;
  const reveal: RevealRecipe = { dark, target, reverse, label: name, silhouette: name };
  const recipe: MazeRecipe = {
    shape: 'square',
    size: { columns, rows },
    algorithm: 'backtracker',
    options: { straightness: 0 },
    entry: { kind: 'auto' },
    exit: { kind: 'auto' },
    picture: { reveal },
  };
  return { recipe, reveal };
}

/**
 * Hidden-picture mazes (issue 32): a 60×80 maze timed (generate, and generate + solve), then how closely
 * the coloured answer draws the picture over seeds (IoU, least and median) and how alike the picture's
 * texture and the background's are.
 */
export function revealBench(): void {
  const { recipe } = silhouetteRecipe('cat', 60, 80);
  let i = 0;
  const gen = timeRuns(10, () => void generateMaze(recipe, deriveSeed(1, 'reveal-bench', i++), 'bench'));
  report('reveal 60×80 (cat): generate', gen, 'ms', false, 1);
  report(
    'reveal 60×80 (cat): cells per second',
    per(gen, (ms) => 4800 / ms / 1000),
    'M cells/s',
    true,
    3,
  );
  const both = timeRuns(10, () => {
    const maze = generateMaze(recipe, deriveSeed(1, 'reveal-bench', i++), 'bench');
    solve(maze);
  });
  report('reveal 60×80 (cat): generate + solve', both, 'ms', false, 1);

  say('\nreveal IoU over 16 seeds (least, median) and texture: dead ends per cell inside / outside');
  for (const [name, reverse] of [
    ['cat', false],
    ['butterfly', false],
    ['star', false],
    ['star', true],
  ] as const) {
    const { recipe: r, reveal } = silhouetteRecipe(name, 48, 48, reverse);
    const ious: number[] = [];
    let inside = 0;
    let outside = 0;
    for (let s = 0; s < 16; s++) {
      const maze = generateMaze(r, deriveSeed(2, name, s), 'bench');
      const route = solve(maze).cells;
      ious.push(pictureMatch(reveal.dark, route, reverse));
      const coloured = new Uint8Array(maze.grid.cellCount).fill(reverse ? 1 : 0);
      for (const c of route) coloured[c] = reverse ? 0 : 1;
      const stats = revealStats(maze, reveal.dark, coloured);
      inside += stats.inside.deadEnds / 16;
      outside += stats.outside.deadEnds / 16;
    }
    ious.sort((a, b) => a - b);
    say(
      `  ${name}${reverse ? ' reversed' : ''} 48×48: IoU ${ious[0].toFixed(3)} .. median ${ious[8].toFixed(3)}; dead ends per cell ${inside.toFixed(3)} / ${outside.toFixed(3)}`,
    );
  }
}
