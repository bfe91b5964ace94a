import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type DifficultyModel,
  difficultyModelText,
  effortOfScore,
  effortParts,
  scoreOfEffort,
} from '../../src/analyze/difficulty-model.js';
import { explainParts, explainRating } from '../../src/analyze/explain-rating.js';
import { defaultDifficultyModel, loadDifficultyModel } from '../../src/analyze/model-file.js';
import { rateMaze, scoreOf } from '../../src/analyze/rate.js';
import { UserError } from '../../src/base/errors.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { squareMaze } from '../helpers.js';

const GOOD = `model: mazebook-difficulty
version: 1
name: mine
weights:
  search: 0.5
  route: 0.1
  turning: 2
  decisions: 0.3
  cycling: 0
top: 2000
`;

function errorOf(text: string): UserError {
  try {
    loadDifficultyModel(text, 'my-model.yaml');
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

describe('the model file', () => {
  it('ships a default model that loads from docs/difficulty-model.yaml', () => {
    const text = readFileSync(new URL('../../docs/difficulty-model.yaml', import.meta.url), 'utf8');
    const model = defaultDifficultyModel();
    expect(model).toEqual(loadDifficultyModel(text, 'docs/difficulty-model.yaml'));
    expect(model.name).toBe('default');
    expect(model.version).toBe(1);
  });

  it('reads a model an author wrote (YAML or JSON)', () => {
    const model = loadDifficultyModel(GOOD, 'my-model.yaml');
    expect(model).toEqual({
      version: 1,
      name: 'mine',
      weights: { search: 0.5, route: 0.1, turning: 2, decisions: 0.3, cycling: 0 },
      top: 2000,
    });
    const json = JSON.stringify({ model: 'mazebook-difficulty', ...model });
    expect(loadDifficultyModel(json, 'my-model.json')).toEqual(model);
  });

  it('writes a model back as a file that reads the same, with comments', () => {
    const model: DifficultyModel = {
      ...loadDifficultyModel(GOOD, 'x'),
      calibration: { rows: 40, mazes: 12, perPoint: 1.4, spread: 1.3, secondsAt5: { '6-8': 120, adult: 45 } },
    };
    const text = difficultyModelText(model, ['made for a test']);
    expect(text).toMatch(/^# made for a test\n/);
    expect(text).toContain('# per step S of the solution');
    expect(loadDifficultyModel(text, 'x')).toEqual(model);
  });

  it('places mistakes at file:line:col, naming the field', () => {
    const unknown = errorOf(GOOD.replace('  cycling: 0', '  cycling: 0\n  speed: 3'));
    expect(unknown.where).toBe('my-model.yaml:10:3');
    expect(unknown.what).toMatch(/weights: unknown key "speed"/);
    const negative = errorOf(GOOD.replace('route: 0.1', 'route: -0.1'));
    expect(negative.where).toBe('my-model.yaml:6:10');
    expect(negative.what).toMatch(/weights\.route: must be at least 0/);
    expect(errorOf(GOOD.replace('version: 1', 'version: 2')).what).toBe('version: expected 1 (got 2)');
    expect(errorOf(GOOD.replace('model: mazebook-difficulty', 'model: other')).where).toBe(
      'my-model.yaml:1:8',
    );
    expect(errorOf('model: [').what).toMatch(/YAML syntax error/);
    const zero = GOOD.replace('search: 0.5', 'search: 0')
      .replace('route: 0.1', 'route: 0')
      .replace('decisions: 0.3', 'decisions: 0');
    expect(errorOf(zero).what).toMatch(/at least one of search, route and decisions/);
  });
});

describe('the scale', () => {
  const model = loadDifficultyModel(GOOD, 'x');

  it('maps effort 0 to 1, top to 10, and rises in between; effortOfScore is its inverse', () => {
    expect(scoreOfEffort(0, model)).toBe(1);
    expect(scoreOfEffort(model.top, model)).toBeCloseTo(10, 9);
    expect(scoreOfEffort(10 * model.top, model)).toBe(10);
    let last = 1;
    for (const e of [1, 10, 100, 1000]) {
      const s = scoreOfEffort(e, model);
      expect(s).toBeGreaterThan(last);
      expect(effortOfScore(s, model)).toBeCloseTo(e, 6);
      last = s;
    }
  });

  it('weighs each measure by its weight', () => {
    const parts = effortParts({ overlap: 10, steps: 20, turning: 5, decisions: 30, cycling: 40 }, model);
    expect(parts).toEqual({
      search: 5,
      route: 0.1 * (20 + 2 * 5),
      decisions: 9,
      cycling: 0,
      total: 5 + 3 + 9,
    });
  });
});

describe('ratings under a model', () => {
  const maze = squareMaze(14, 14, 3, { algorithm: 'kruskal', post: [{ name: 'loops', count: 4 }] });

  it('add up the components and score their sum; the model option changes the score, not what is measured', () => {
    const r = rateMaze(maze, deriveSeed(1, 'm', 0));
    const c = r.components;
    expect(r.model).toBe('default');
    expect(c.search.overlap).toBe(r.overlapSteps.mean);
    expect(c.effort).toBeCloseTo(c.search.effort + c.route.effort + c.decisions.effort + c.cycling.effort, 9);
    expect(r.score).toBeCloseTo(scoreOf(c.effort), 9);
    expect(c.cycling.loops).toBe(4);
    const other = rateMaze(maze, deriveSeed(1, 'm', 0), { model: loadDifficultyModel(GOOD, 'x') });
    expect(other.model).toBe('mine');
    // The walks stop once the score is known well enough, which the model decides; the search agrees within
    // its intervals, and the plain walks (which stop on the search alone) are the same.
    const gap = Math.abs(other.overlapSteps.mean - r.overlapSteps.mean);
    expect(gap).toBeLessThanOrEqual(other.overlapSteps.ci95 + r.overlapSteps.ci95);
    const plain = { method: 'walks' } as const;
    expect(
      rateMaze(maze, deriveSeed(1, 'm', 0), { ...plain, model: loadDifficultyModel(GOOD, 'x') }).overlapSteps,
    ).toEqual(rateMaze(maze, deriveSeed(1, 'm', 0), plain).overlapSteps);
    expect(other.components.cycling.effort).toBe(0);
    expect(other.score).not.toBeCloseTo(r.score, 3);
  });

  it('explains the score: the parts’ points add up to score − 1, one line per part', () => {
    const r = rateMaze(maze, deriveSeed(1, 'm', 0));
    const parts = explainParts(r);
    expect(parts.map((p) => p.name)).toEqual(['search', 'route', 'decisions', 'cycling']);
    expect(parts.reduce((s, p) => s + p.points, 0)).toBeCloseTo(r.score - 1, 9);
    expect(parts.reduce((s, p) => s + p.share, 0)).toBeCloseTo(1, 9);
    const lines = explainRating(r);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(
      new RegExp(
        `^score ${r.score.toFixed(1)} \\(${r.label}\\) from an effort of \\d+ steps, model default:$`,
      ),
    );
    expect(lines[4]).toMatch(/^ {2}cycling .* lie on loops \(4 loops in all\)$/);
  });
});
