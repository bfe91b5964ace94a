import { describe, expect, it } from 'vitest';
import {
  type DifficultyModel,
  type EffortMeasures,
  effortParts,
  scoreOfEffort,
} from '../../src/analyze/difficulty-model.js';
import { fitDifficultyModel, MIN_TIMES, solveLinear, type TimedMaze } from '../../src/analyze/fit-model.js';
import { defaultDifficultyModel, loadDifficultyModel } from '../../src/analyze/model-file.js';
import { rateMaze } from '../../src/analyze/rate.js';
import { UserError } from '../../src/base/errors.js';
import type { Maze } from '../../src/generate/maze.js';
import type { AlgorithmName } from '../../src/generate/registry.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { squareMaze } from '../helpers.js';

const base = defaultDifficultyModel();
/** Readers for whom wrong branches cost three times what the default model says. */
const truth: DifficultyModel = {
  ...base,
  name: 'truth',
  weights: { ...base.weights, decisions: 3 * base.weights.decisions },
};

/** 16 mazes from 5×5 to 18×18, two algorithms, each timed by one adult and one child (twice as slow). */
const mazes: { key: string; maze: Maze; measures: EffortMeasures }[] = [];
for (const [i, algorithm] of (['backtracker', 'kruskal'] as AlgorithmName[]).entries()) {
  for (const side of [5, 6, 8, 10, 12, 14, 16, 18]) {
    const maze = squareMaze(side, side, 10 * side + i, { algorithm });
    const c = rateMaze(maze, deriveSeed(1, 'truth', side + i)).components;
    const measures = {
      overlap: c.search.overlap,
      steps: c.route.steps,
      turning: c.route.turning,
      decisions: c.decisions.cells,
      cycling: c.cycling.cells,
    };
    mazes.push({ key: `${algorithm}-${side}`, maze, measures });
  }
}
const scoreUnder = (model: DifficultyModel, m: EffortMeasures): number =>
  scoreOfEffort(effortParts(m, model).total, model);
const noise = createRng(deriveSeed(5, 'noise', 0));
const rows: TimedMaze[] = mazes.flatMap(({ key, maze, measures }) =>
  (['adult', 'child'] as const).map((group) => ({
    key,
    maze,
    group,
    // Time grows with the true effort; children take twice as long; ±10 % reader noise.
    seconds:
      4 *
      (1 + effortParts(measures, truth).total) ** 0.8 *
      (group === 'child' ? 2 : 1) *
      (0.9 + 0.2 * noise.next()),
  })),
);

function errorOf(fn: () => unknown): UserError {
  try {
    fn();
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

describe('fitting a model to solve times', () => {
  const fit = fitDifficultyModel(rows, base, 'times.csv', 'class 3b');

  it('moves the weights towards what the times show, and keeps the scale', () => {
    const w = fit.model.weights;
    // Only the decisions weight differs in the truth: it grows most (overlap and decisions go together on
    // these mazes, so some of it goes to search), by half at least.
    const grew = (k: 'search' | 'route' | 'decisions'): number => w[k] / base.weights[k];
    expect(grew('decisions')).toBeGreaterThan(1.4);
    expect(grew('decisions')).toBeGreaterThan(grew('search'));
    expect(grew('decisions')).toBeGreaterThan(grew('route'));
    expect(w.turning).toBe(base.weights.turning);
    // Perfect mazes have no loops: cycling is not measured, so it is left as it was.
    expect(w.cycling).toBe(base.weights.cycling);
    expect(fit.summary.join('\n')).toMatch(/cycling .*not fitted/);
    // The timed mazes keep their mean score.
    const mean = (m: DifficultyModel): number =>
      mazes.reduce((a, { measures }) => a + scoreUnder(m, measures), 0) / mazes.length;
    expect(mean(fit.model)).toBeCloseTo(mean(base), 1);
  });

  it('sees the age groups apart, and writes a model file that loads', () => {
    const c = fit.model.calibration;
    expect(c?.rows).toBe(rows.length);
    expect(c?.mazes).toBe(mazes.length);
    expect(Object.keys(c?.secondsAt5 ?? {})).toEqual(['adult', 'child']);
    expect((c?.secondsAt5.child ?? 0) / (c?.secondsAt5.adult ?? 1)).toBeCloseTo(2, 0);
    expect(c?.perPoint).toBeGreaterThan(1);
    expect(c?.spread).toBeLessThan(1.2);
    expect(fit.model.name).toBe('class 3b');
    expect(loadDifficultyModel(fit.text, 'fitted.yaml')).toEqual(fit.model);
  });

  it('refuses too few times, mazes too alike, and times that do not rise with difficulty', () => {
    expect(errorOf(() => fitDifficultyModel(rows.slice(0, MIN_TIMES - 1), base, 'times.csv'))).toMatchObject({
      where: 'times.csv',
      what: `${MIN_TIMES - 1} solve times of 5 mazes are too few to fit a model (at least 10 times of 5 different mazes)`,
    });
    // Two kruskal mazes of 14 and 16 a side, each timed under three names: six "mazes" within a point.
    const alike = rows.filter((r) => /^kruskal-(14|16)$/.test(r.key));
    const twins = ['', 'b', 'c'].flatMap((suffix) => alike.map((r) => ({ ...r, key: `${r.key}${suffix}` })));
    expect(errorOf(() => fitDifficultyModel(twins, base, 'times.csv')).what).toMatch(/too alike/);
    const falling = rows.map((r) => ({ ...r, seconds: 1000 / r.seconds }));
    expect(errorOf(() => fitDifficultyModel(falling, base, 'times.csv')).what).toMatch(/do not rise/);
  });

  it('solves small linear systems, and reports a singular one', () => {
    expect(
      solveLinear(
        [
          [2, 1],
          [1, 3],
        ],
        [3, 5],
      )?.map((v) => Number(v.toFixed(9))),
    ).toEqual([0.8, 1.4]);
    expect(
      solveLinear(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toBeUndefined();
    expect(scoreOfEffort(0, fit.model)).toBe(1);
  });
});

describe('times that carry no sign of difficulty', () => {
  /** Each maze timed by one adult and one child, in seconds drawn at random: unrelated to the mazes. */
  const noiseRows = (seed: number): TimedMaze[] => {
    const rng = createRng(deriveSeed(seed, 'pure noise', 0));
    return mazes.flatMap(({ key, maze }) =>
      (['adult', 'child'] as const).map((group) => ({ key, maze, group, seconds: 20 + 400 * rng.next() })),
    );
  };

  it('are refused, saying why and what to do, whichever way they happen to lean', () => {
    const seen = { flat: 0, falling: 0 };
    for (let seed = 1; seed <= 6; seed++) {
      const e = errorOf(() => fitDifficultyModel(noiseRows(seed), base, 'times.csv'));
      if (/do not rise/.test(e.what)) {
        seen.falling++;
        continue;
      }
      seen.flat++;
      expect(e.where).toBe('times.csv');
      expect(e.what).toMatch(
        /^the solve times show no sign of difficulty: the fitted model explains \d+ % of how they vary, and the same times shuffled among the 16 mazes fit as well \d+ times in 99$/,
      );
      expect(e.hint).toBe(
        'time more mazes, from easy to hard, by more readers; check that each time is written against the right maze; --force writes the model anyway',
      );
    }
    // Noise that happens to rise with difficulty was written as a model before.
    expect(seen.flat).toBeGreaterThan(0);
  });

  it('--force writes the model with a warning', () => {
    const rows = [1, 2, 3, 4, 5, 6]
      .map(noiseRows)
      .find((r) => !/do not rise/.test(errorOf(() => fitDifficultyModel(r, base, 'times.csv')).what));
    const forced = fitDifficultyModel(rows ?? [], base, 'times.csv', 'noise', { force: true });
    expect(forced.warnings).toHaveLength(1);
    expect(forced.warnings[0]).toMatch(
      /^the solve times show no sign of difficulty: .* \(written anyway: --force\)$/,
    );
    expect(forced.quality.p).toBeGreaterThan(0.05);
  });

  it('times with a real signal pass, even with readers half or twice as fast as each other', () => {
    const fit = fitDifficultyModel(rows, base, 'times.csv');
    expect(fit.quality.p).toBeLessThanOrEqual(0.01);
    expect(fit.quality.r2).toBeGreaterThan(0.9);
    expect(fit.summary.at(-1)).toMatch(
      /^the model explains 9\d % of how the times vary; the same times shuffled among the mazes fit as well 0 times in 99$/,
    );
    const spread = createRng(deriveSeed(6, 'readers', 0));
    const noisy = rows.map((r) => ({ ...r, seconds: r.seconds * 2 ** (2 * spread.next() - 1) }));
    const loose = fitDifficultyModel(noisy, base, 'times.csv');
    expect(loose.warnings).toEqual([]);
    expect(loose.quality.p).toBeLessThanOrEqual(0.05);
  });
});
