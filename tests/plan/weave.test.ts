import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measure } from '../../src/analyze/metrics.js';
import { UserError } from '../../src/base/errors.js';
import { layoutBook } from '../../src/book/build-book.js';
import { tempDir } from '../helpers.js';

/** Builds a spec (up to layout) in a temp folder and returns the UserError it raises. */
async function errorOf(spec: string): Promise<UserError> {
  const dir = tempDir({ 'book.yaml': spec });
  try {
    await layoutBook(join(dir, 'book.yaml'));
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected the spec to be refused');
}

const page = (maze: string) => `title: T\npages:\n  - maze: { ${maze} }\n`;

describe('weave in a book spec', () => {
  it('refuses weave on other shapes, at the field', async () => {
    const e = await errorOf(page('shape: hex, cells: 6, weave: 0.5'));
    expect(e.where).toMatch(/book\.yaml:3:42$/);
    expect(e.what).toBe('weave works on square mazes only, not hex');
    expect(e.hint).toMatch(/shape: square/);
  });

  it('refuses an algorithm that cannot weave, at the algorithm, naming those that can', async () => {
    const e = await errorOf(page('cells: 6, algorithm: wilson, weave: 0.5'));
    expect(e.where).toMatch(/book\.yaml:3:34$/);
    expect(e.what).toBe('wilson cannot make weave mazes');
    expect(e.hint).toBe('with weave, choose one of backtracker, kruskal, prim, growing-tree');
  });

  it('refuses post-processes with weave, naming the post-process', async () => {
    for (const post of ['reduce-path', '{ braid: 0.5 }', '{ cross-cuts: 4 }', '{ loops: 2 }']) {
      const e = await errorOf(page(`cells: 6, weave: 0.5, post: [${post}]`));
      expect(e.where).toMatch(/book\.yaml:3:\d+$/);
      expect(e.what).toMatch(
        /^post-process (reduce-path|braid|cross-cuts|loops) cannot keep a weave maze's crossings$/,
      );
    }
  });

  it('refuses straightness and weights with weave, at the option', async () => {
    const e = await errorOf(page('cells: 6, weave: 0.5, straightness: 0.5'));
    expect(e.where).toMatch(/book\.yaml:3:49$/);
    expect(e.what).toBe('straightness does not apply to weave mazes');
    const w = await errorOf(page('cells: 6, algorithm: kruskal, weave: 0.5, weights: { up: 2 }'));
    expect(w.what).toBe('weights does not apply to weave mazes');
  });

  it('refuses weave on a picture maze, at the field', async () => {
    const e = await errorOf(page('cells: 6, weave: 0.5, route: [[0.1, 0.1], [0.9, 0.9]]'));
    expect(e.where).toMatch(/book\.yaml:3:\d+$/);
    expect(e.what).toMatch(/^weave cannot be set on a picture maze \(route\)/);
  });

  it('refuses weave out of [0, 1], at the field', async () => {
    for (const weave of ['1.5', '-0.1', 'yes']) {
      const e = await errorOf(page(`cells: 6, weave: ${weave}`));
      expect(e.where).toMatch(/book\.yaml:3:\d+$/);
      expect(e.what).toMatch(/weave/);
    }
  });

  it('lays out a weave maze and its answer, counting its crossings', async () => {
    const dir = tempDir({
      'book.yaml':
        'title: T\npages:\n  - maze: { passage: 8mm, weave: 1, algorithm: kruskal }\nsolutions: { per-page: 4 }\n',
    });
    const { doc, puzzles } = await layoutBook(join(dir, 'book.yaml'));
    const [p] = puzzles;
    const metrics = measure(p.maze, p.solution);
    expect(metrics.crossings).toBeGreaterThan(0);
    expect(metrics.routeCrossings).toBeLessThanOrEqual(metrics.crossings ?? 0);
    expect(doc.pages.length).toBeGreaterThanOrEqual(2);
  });
});
