import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { UserError } from '../../src/base/errors.js';
import { layoutBook } from '../../src/book/build-book.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { language } from '../../src/mazegram/languages.js';
import { messageCells, placeMazegram } from '../../src/mazegram/place.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { recipe, tempDir } from '../helpers.js';

const SHAPES = [
  { shape: 'square', size: { columns: 14, rows: 14 } },
  { shape: 'hex', size: { columns: 12, rows: 12 } },
  { shape: 'triangle', size: { columns: 21, rows: 12 } },
  { shape: 'octagon', size: { columns: 11, rows: 11 } },
  { shape: 'circle', size: { columns: 8, rows: 8 } },
] as const;

const read = (letters: string[], cells: Int32Array) => [...cells].map((c) => letters[c]).join('');

describe('mazegram placement', () => {
  it('spells the message along the solution on every shape and seed', () => {
    const en = language('en');
    for (const { shape, size } of SHAPES) {
      for (let seed = 1; seed <= 4; seed++) {
        const maze = generateMaze(recipe(0, 0, { shape, size }), deriveSeed(seed, shape, 0), 'test');
        const solution = solve(maze);
        const g = placeMazegram(
          maze,
          solution,
          { message: 'You found it!', language: en, fill: 'auto', case: 'upper' },
          createRng(deriveSeed(seed, 'letters', 0)),
          'test',
        );
        expect(read(g.letters, solution.cells)).toBe('YOUFOUNDIT');
        expect(g.words).toEqual(['YOU', 'FOUND', 'IT']);
        // Letters are spread evenly over the solution cells that can hold one: gaps differ by at most one.
        const idx = messageCells(maze, solution)
          .map((c, i) => (g.onPath[c] ? i : -1))
          .filter((i) => i >= 0);
        const gaps = idx.slice(1).map((v, i) => v - idx[i]);
        expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('never lets a forward reading into a branch spell a message word with a decoy', () => {
    const en = language('en');
    for (let seed = 1; seed <= 12; seed++) {
      const maze = generateMaze(recipe(16, 16, { algorithm: 'kruskal' }), deriveSeed(seed, 'w', 0), 'test');
      const solution = solve(maze);
      const g = placeMazegram(
        maze,
        solution,
        // Common letters, so decoys would often spell these words by chance.
        { message: 'THE TEN TREES', language: en, fill: 1, case: 'upper' },
        createRng(deriveSeed(seed, 'letters', 0)),
        'test',
      );
      const { grid, open } = maze;
      const onSolution = new Set(solution.cells);
      // Every forward reading: the solution letters up to cell j, then any downward path into the branches.
      const words = ['THE', 'TEN', 'TREES', 'THETENTREES'];
      const seen = new Uint8Array(grid.cellCount);
      let prefix = '';
      for (const s of solution.cells) {
        prefix += g.letters[s];
        seen[s] = 1;
        const stack: [number, string, boolean][] = [];
        for (let k = grid.adjStart[s]; k < grid.adjStart[s + 1]; k++) {
          const n = grid.adjCell[k];
          if (open[grid.adjWall[k]] && !onSolution.has(n)) stack.push([n, prefix, false]);
        }
        while (stack.length > 0) {
          const [c, text, usedDecoy] = stack.pop()!;
          if (seen[c]) continue;
          seen[c] = 1;
          const next = text + g.letters[c];
          const decoy = usedDecoy || g.letters[c] !== '';
          if (g.letters[c])
            for (const w of words) expect(next.endsWith(w), `${next} ends with ${w}`).toBe(false);
          for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
            const n = grid.adjCell[k];
            if (open[grid.adjWall[k]] && !seen[n]) stack.push([n, next, decoy]);
          }
        }
      }
    }
  });

  it('draws decoys with the language’s letter frequencies (chi-square)', () => {
    for (const code of ['en', 'de', 'fr'] as const) {
      const lang = language(code);
      const counts = new Map<string, number>();
      let total = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const maze = generateMaze(
          recipe(40, 40, { algorithm: 'kruskal' }),
          deriveSeed(seed, code, 0),
          'test',
        );
        const solution = solve(maze);
        const g = placeMazegram(
          maze,
          solution,
          { message: 'Q', language: lang, fill: 1, case: 'upper' },
          createRng(deriveSeed(seed, 'chi', 0)),
          'test',
        );
        g.letters.forEach((l, c) => {
          if (!l || g.onPath[c]) return;
          counts.set(l, (counts.get(l) ?? 0) + 1);
          total++;
        });
      }
      // Pool rare letters so every expected count is at least 5.
      let chi = 0;
      let df = -1;
      let poolObs = 0;
      let poolExp = 0;
      lang.letters.forEach((l, i) => {
        const expected = lang.frequency[i] * total;
        const observed = counts.get(l) ?? 0;
        if (expected < 5) {
          poolObs += observed;
          poolExp += expected;
          return;
        }
        chi += (observed - expected) ** 2 / expected;
        df++;
      });
      if (poolExp > 0) {
        chi += (poolObs - poolExp) ** 2 / poolExp;
        df++;
      }
      // Consistent with the table: chi²/df near 1 (about 2 is the 0.1 % critical value at these degrees of freedom).
      const perDf = chi / df;
      expect(perDf, `${code}: chi²/df = ${perDf.toFixed(1)} over ${total} letters`).toBeLessThan(2.5);
      // A wrong table (uniform letters) is rejected by the same test.
      let uniform = 0;
      lang.letters.forEach((l) => {
        const e = total / lang.letters.length;
        uniform += ((counts.get(l) ?? 0) - e) ** 2 / e;
      });
      expect(uniform / (lang.letters.length - 1)).toBeGreaterThan(50);
    }
  });

  it('is deterministic: the same spec gives the same letters', async () => {
    const dir = tempDir({ 'b.yaml': 'title: T\npages:\n  - maze: { cells: 12, mazegram: "Hello there" }\n' });
    const a = await layoutBook(join(dir, 'b.yaml'));
    const b = await layoutBook(join(dir, 'b.yaml'));
    expect(a.puzzles[0].mazegram?.letters).toEqual(b.puzzles[0].mazegram?.letters);
    expect(a.puzzles[0].mazegram?.letters.filter(Boolean).length).toBeGreaterThan(10);
  });
});

describe('mazegram bad input', () => {
  const errorOf = async (maze: string) => {
    const dir = tempDir({ 'b.yaml': `title: T\npages:\n  - maze: ${maze}\n` });
    try {
      await layoutBook(join(dir, 'b.yaml'));
    } catch (e) {
      if (e instanceof UserError) return e;
      throw e;
    }
    throw new Error('expected an error');
  };

  it('refuses an empty message and one with no letters', async () => {
    expect((await errorOf('{ cells: 8, mazegram: "" }')).what).toMatch(/mazegram/);
    const e = await errorOf('{ cells: 8, mazegram: "?!" }');
    expect(e.where).toMatch(/b\.yaml:3:33$/);
    expect(e.what).toBe('mazegram: the message has no letters');
  });

  it('refuses characters outside the language, naming the character and where it is', async () => {
    const e = await errorOf('{ cells: 8, mazegram: "Größe 3" }');
    expect(e.what).toBe('mazegram: "Ö" (character 3 of the message) is not a letter of English');
    const digit = await errorOf('{ cells: 8, mazegram: { message: "Größe 3", language: de } }');
    expect(digit.what).toMatch(/"3" \(character 7 of the message\) is not a letter of German/);
  });

  it('says how many cells a message needs when no candidate fits it', async () => {
    const e = await errorOf(
      '{ cells: 3, mazegram: "a message far too long for a tiny maze", candidates: 2 }',
    );
    expect(e.where).toMatch(/b\.yaml:3:5$/);
    expect(e.what).toMatch(
      /the message has 30 letters but the longest solution of \d+ candidate mazes has \d+ cells/,
    );
  });
});
