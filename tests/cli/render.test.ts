import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeFm } from '../../src/codec/fm.js';
import { importMazeJson } from '../../src/codec/json.js';
import { tempDir } from '../helpers.js';
import { mazebookInProcess, mazebookSpawned } from '../run-cli.js';

const mazebook = (args: string[]) => mazebookInProcess(['render', ...args]);

describe('mazebook render', () => {
  it('writes every format from the same maze: svg, png at a DPI, pdf, json, txt, fm', async () => {
    const dir = tempDir();
    const base = ['--cells', '9x7', '--algorithm', 'wilson', '--seed', '3'];
    for (const ext of ['svg', 'png', 'pdf', 'json', 'txt', 'fm']) {
      const r = await mazebook([...base, '-o', join(dir, `m.${ext}`), '--size', '2in', '--dpi', '100']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`m\\.${ext}: ${ext}, `));
    }
    expect(readFileSync(join(dir, 'm.svg'), 'utf8')).toMatch(/^<svg /);
    const png = await sharp(join(dir, 'm.png')).metadata();
    expect(png.format).toBe('png');
    expect(Math.max(png.width ?? 0, png.height ?? 0)).toBeGreaterThan(200); // 2in at 100 dpi plus margins
    expect(readFileSync(join(dir, 'm.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    // The JSON, the FM string and the text drawing all describe the same maze.
    const json = importMazeJson(JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8')));
    const fm = decodeFm(readFileSync(join(dir, 'm.fm'), 'utf8').trim());
    expect([...fm.open]).toEqual([...json.open]);
    expect(readFileSync(join(dir, 'm.txt'), 'utf8').split('\n')).toHaveLength(2 * 7 + 2);
  });

  it('takes every maze option as a flag, structured ones as lists', async () => {
    const dir = tempDir();
    const r = await mazebook([
      '--cells',
      '10',
      '--algorithm',
      'kruskal',
      '--weights',
      'left=4,right=4',
      '--post',
      'reduce-path,cross-cuts=5',
      '--entry',
      'top',
      '--exit',
      'bottom',
      '-o',
      join(dir, 'w.json'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    const maze = importMazeJson(JSON.parse(readFileSync(join(dir, 'w.json'), 'utf8')));
    expect(maze.grid.cellCount).toBe(100);
    const bad = await mazebook(['--cells', '10', '--post', 'braid=7', '-o', join(dir, 'x.txt')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: --post braid: .*<=1/);
    // A number inside a flag's value is named by the flag.
    const narrow = await mazebook(['--shape', 'triangle', '--cells', '1x11', '-o', join(dir, 'x.txt')]);
    expect(narrow.code).toBe(2);
    expect(narrow.stderr).toMatch(/^error: --cells: .*>=2/);
    expect(existsSync(join(dir, 'x.txt'))).toBe(false);
  });

  it('draws a page of a book and a Finger Maze string, with the solution', async () => {
    const dir = tempDir();
    const page = await mazebook([
      '--spec',
      'books/shapes.yaml',
      '--page',
      'heart',
      '--solution',
      '-o',
      join(dir, 'h.svg'),
    ]);
    expect(page.code, page.stderr).toBe(0);
    const fm = await mazebook(['--fm', 'FM3iEi1W0E0', '--style', 'amazing', '-o', join(dir, 'f.txt')]);
    expect(fm.code).toBe(0);
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toMatch(/^\.--\.--\.--\./);
  });

  it('refuses bad options with exit 2 and writes nothing', async () => {
    const dir = tempDir();
    // End to end: the exit code and stderr of a real process.
    const ext = mazebookSpawned(['render', '--cells', '5', '-o', join(dir, 'x.gif')]);
    expect(ext.code).toBe(2);
    expect(ext.stderr).toMatch(/cannot tell the format from "\.gif"/);
    const algo = await mazebook(['--cells', '5', '--algorithm', 'nope', '-o', join(dir, 'x.svg')]);
    expect(algo.code).toBe(2);
    expect(algo.stderr).toMatch(/^error: --algorithm: /);
    const fm = await mazebook(['--shape', 'hex', '--cells', '5', '-o', join(dir, 'x.fm')]);
    expect(fm.code).toBe(2);
    expect(fm.stderr).toMatch(/square mazes only/);
    const page = await mazebook(['--spec', 'books/sample.yaml', '--page', 'nope', '-o', join(dir, 'x.svg')]);
    expect(page.code).toBe(2);
    expect(page.stderr).toMatch(/--page: no page "nope"/);
    const bad = await mazebook(['--fm', 'FM3iEq1W0E0', '-o', join(dir, 'x.svg')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/column 6/);
    for (const f of ['x.gif', 'x.svg', 'x.fm']) expect(existsSync(join(dir, f))).toBe(false);
  });
});
