import { bundledPicture } from '../../src/art/bundled-pictures.js';
import type { MazeRecipe } from '../../src/generate/generate-maze.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import type { MarkerStyle } from '../../src/layout/markers.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { textShape } from '../../src/mask/text.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { latoBold, recipe } from '../helpers.js';

/**
 * Mazes and marker styles whose placed markers are pinned by hashes (markers-near.test.ts): every topology,
 * masks with holes and joined pieces, a weave maze, an end at a circle's centre, pictures and words.
 */
export function markerCases(): { name: string; maze: Maze; style: MarkerStyle }[] {
  const face = latoBold();
  const arrows: MarkerStyle = { color: '#000', size: 12 };
  const labels: MarkerStyle['labels'] = {
    start: 'Start',
    finish: 'Finish',
    fontKey: 'body',
    face,
    size: 11,
    color: '#000',
  };
  const pictures = { start: bundledPicture('rabbit', 'color'), finish: bundledPicture('carrot', 'color') };
  const cases: [string, Partial<MazeRecipe>, MarkerStyle][] = [
    ['square', { size: { columns: 6, rows: 8 } }, arrows],
    ['square 40×30, words', { size: { columns: 40, rows: 30 } }, { ...arrows, labels }],
    [
      'hex heart, pictures and words',
      {
        shape: 'hex',
        size: { columns: 12, rows: 13 },
        mask: maskOf(builtinShape('heart'), 'largest'),
      },
      { ...arrows, pictures, labels },
    ],
    ['flat hex', { shape: 'hex', hexTop: 'flat', size: { columns: 9, rows: 7 } }, arrows],
    ['triangle, words', { shape: 'triangle', size: { columns: 13, rows: 8 } }, { ...arrows, labels }],
    [
      'octagon ring',
      {
        shape: 'octagon',
        size: { columns: 22, rows: 22 },
        mask: maskOf(builtinShape('ring', { inner: 0.4 }), 'largest'),
      },
      { ...arrows, labels },
    ],
    [
      'circle, centre exit, pictures',
      { shape: 'circle', size: { columns: 8, rows: 8 }, exit: { kind: 'centre' } },
      {
        ...arrows,
        pictures,
      },
    ],
    ['circle 24 rings, words', { shape: 'circle', size: { columns: 24, rows: 24 } }, { ...arrows, labels }],
    [
      'text ANNA joined',
      {
        size: { columns: 90, rows: 30 },
        mask: maskOf(textShape('ANNA', face, 'test'), 'join'),
      },
      { ...arrows, labels },
    ],
    [
      'square star, pictures',
      {
        size: { columns: 16, rows: 16 },
        mask: maskOf(builtinShape('star'), 'largest'),
      },
      { ...arrows, pictures },
    ],
    [
      'weave',
      {
        size: { columns: 12, rows: 10 },
        algorithm: 'kruskal',
        options: { straightness: 0, weave: 1 },
      },
      { ...arrows, labels },
    ],
  ];
  return cases.map(([name, extra, style]) => ({
    name,
    maze: generateMaze(recipe(6, 6, extra), deriveSeed(7, name, 0), 'test'),
    style,
  }));
}
