import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DifficultyModel, effortParts } from '../../src/analyze/difficulty-model.js';
import { defaultDifficultyModel, loadDifficultyModel } from '../../src/analyze/model-file.js';
import { spearman } from '../../src/analyze/rank-correlation.js';
import { rateMaze } from '../../src/analyze/rate.js';
import { Simulator } from '../../src/analyze/simulate.js';
import { calibrate } from '../../src/book/calibrate-times.js';
import { parsePlaytest } from '../../src/book/playtest-record.js';
import { type PlayServer, startPlay } from '../../src/play/play-server.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { tempDir } from '../helpers.js';

/**
 * The playtest's promise: readers' times teach `calibrate` what makes mazes hard for them. Scripted readers
 * solve 24 mazes of many kinds through the play server's own API (start, a walk of the `smart` solver as
 * their path, finish), taking times that follow a hidden model — wrong branches cost four times and the
 * route a quarter of what the default model says, wandering twice — times each reader's own speed (from
 * ×0.6 to ×2) and noise (×e^(±0.2)). The server's clock is the test's, moved on by each time. From the
 * recording, the fitted model must rank mazes it was not fitted to better than the default model ranks them
 * (the report says 0.90 for the default, 0.99 held out), and the model file it writes must do so too when
 * judged apart from the report (0.90 against 0.99). Were the times not used, the file would hold the default
 * weights (or the fit would refuse times without a sign of difficulty), and the test would fail.
 * (tests/play/play-browser.test.ts shows the same path through a real browser.)
 */

const BOOK = `title: Hidden model
seed: 11
date: 2026-01-01
paper: a4
pages:
${[
  ...[8, 12, 16, 20, 26].map(
    (n) => `  - { id: bt-${n}, maze: { cells: [${n}, ${n}], algorithm: backtracker } }`,
  ),
  ...[8, 12, 16, 20, 26].map((n) => `  - { id: kr-${n}, maze: { cells: [${n}, ${n}], algorithm: kruskal } }`),
  ...[10, 18, 24].map((n) => `  - { id: pr-${n}, maze: { cells: [${n}, ${n}], algorithm: prim } }`),
  ...[10, 18, 24].map((n) => `  - { id: hk-${n}, maze: { cells: [${n}, ${n}], algorithm: hunt-and-kill } }`),
  ...[14, 22].map(
    (n) => `  - { id: st-${n}, maze: { cells: [${n}, ${n}], algorithm: backtracker, straightness: 0.8 } }`,
  ),
  ...[12, 20].map(
    (n) => `  - { id: br-${n}, maze: { cells: [${n}, ${n}], algorithm: kruskal, post: [{ braid: 0.5 }] } }`,
  ),
  '  - { id: hex-10, maze: { shape: hex, cells: [10, 10], algorithm: wilson } }',
  '  - { id: hex-16, maze: { shape: hex, cells: [16, 16], algorithm: backtracker } }',
  '  - { id: circle-8, maze: { shape: circle, rings: 8, algorithm: kruskal } }',
  '  - { id: circle-12, maze: { shape: circle, rings: 12, algorithm: backtracker } }',
].join('\n')}
`;

const READERS = [
  ['Ann', 0.6],
  ['Bo', 0.8],
  ['Cy', 1],
  ['Di', 1.25],
  ['Ed', 1.6],
  ['Flo', 2],
] as const;

describe('scripted readers whose times follow a hidden model', () => {
  let play: PlayServer;
  let spec: string;
  let now = Date.UTC(2026, 2, 2, 9, 0, 0);
  const base = defaultDifficultyModel();
  const hidden: DifficultyModel = {
    ...base,
    name: 'hidden',
    weights: {
      ...base.weights,
      search: 2 * base.weights.search,
      route: base.weights.route / 4,
      decisions: 4 * base.weights.decisions,
    },
  };

  beforeAll(async () => {
    const dir = tempDir();
    spec = join(dir, 'class.yaml');
    writeFileSync(spec, BOOK);
    play = await startPlay(spec, { clock: () => now, shuffle: true });
  });
  afterAll(() => play?.close());

  it('play through the server: every attempt recorded', async () => {
    const origin = play.url.slice(0, -1);
    const post = async (path: string, body: unknown): Promise<{ attempt: string }> => {
      const r = await fetch(`${play.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });
      expect(r.status, path).toBe(200);
      return (await r.json()) as { attempt: string };
    };
    const effort = play.book.puzzles.map((p) => {
      const c = rateMaze(p.puzzle.maze, deriveSeed(1, `hidden/${p.puzzle.plan.key}`)).components;
      const measures = {
        overlap: c.search.overlap,
        steps: c.route.steps,
        turning: c.route.turning,
        decisions: c.decisions.cells,
        cycling: c.cycling.cells,
      };
      return effortParts(measures, hidden).total;
    });
    const noise = createRng(deriveSeed(3, 'noise'));
    for (const [reader, speed] of READERS) {
      const { order } = (await (await fetch(`${play.url}api/order?reader=${reader}`)).json()) as {
        order: number[];
      };
      for (const [place, index] of order.entries()) {
        const { maze } = play.book.puzzles[index].puzzle;
        const { attempt } = await post('api/start', { puzzle: index, reader, position: place + 1 });
        const path = [maze.entryCell];
        new Simulator(maze).walk('smart', createRng(deriveSeed(5, `${reader}/${index}`)), (_, to) =>
          path.push(to),
        );
        const z = Math.sqrt(-2 * Math.log(1 - noise.next())) * Math.cos(2 * Math.PI * noise.next());
        now += Math.round(3000 * speed * (1 + effort[index]) ** 0.85 * Math.exp(0.2 * z));
        await post('api/finish', { attempt, outcome: 'solved', path });
        now += 20_000;
      }
    }
    const { attempts } = parsePlaytest(readFileSync(play.record, 'utf8'), 'rec');
    expect(attempts).toHaveLength(READERS.length * 24);
    expect(new Set(attempts.map((a) => a.shuffleSeed))).toEqual(new Set([11]));
    // Readers met the mazes in orders of their own.
    const firsts = new Set(
      READERS.map(([r]) => attempts.find((a) => a.reader === r && a.position === 1)?.hash),
    );
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('calibrate fits a model that ranks held-out mazes by measured time better than the default model', async () => {
    const done = await calibrate([play.record]);
    const ranking = done.report.find((l) => l.startsWith('  fitted model'));
    const baseLine = done.report.find((l) => l.startsWith('  base model'));
    const held = Number(/([-\d.]+) on mazes held out/.exec(ranking ?? '')?.[1]);
    const fittedIn = Number(/fitted model\s+([-\d.]+)/.exec(ranking ?? '')?.[1]);
    const old = Number(/base model\s+([-\d.]+)/.exec(baseLine ?? '')?.[1]);
    expect(held).toBeGreaterThan(old + 0.03);
    expect(fittedIn).toBeGreaterThanOrEqual(held);
    // The weights moved the hidden model's way: decisions up, route down.
    const model = loadDifficultyModel(readFileSync(done.output, 'utf8'), done.output);
    expect(model.weights.decisions).toBeGreaterThan(1.5 * base.weights.decisions);
    expect(model.weights.route).toBeLessThan(0.7 * base.weights.route);
    expect(done.output).toBe(join(play.record, '..', 'class.playtest.model.yaml'));
    // The same judgement made apart from calibrate's report: each maze's measured time is the geometric mean
    // of its six readers' times (every reader solved every maze, so their speeds do not change the order),
    // and each model scores the mazes afresh from the model file, on walks of another seed.
    const { attempts } = parsePlaytest(readFileSync(play.record, 'utf8'), 'rec');
    const measured = play.book.puzzles.map((p) => {
      const times = attempts
        .filter((a) => a.puzzle.key === p.puzzle.plan.key)
        .map((a) => Math.log(a.seconds));
      expect(times).toHaveLength(READERS.length);
      return times.reduce((s, t) => s + t, 0) / times.length;
    });
    const scored = (m: DifficultyModel) =>
      play.book.puzzles.map(
        (p) => rateMaze(p.puzzle.maze, deriveSeed(2, `judge/${p.puzzle.plan.key}`), { model: m }).score,
      );
    const defaultRho = spearman(scored(base), measured);
    const fittedRho = spearman(scored(model), measured);
    expect(fittedRho).toBeGreaterThan(defaultRho + 0.03);
    // Each reader's speed, against the typical reader's, comes out in the order and ratios it was made with.
    const speeds = READERS.map(([r]) => {
      const line = done.report.find((l) => l.startsWith(`  ${r} `)) ?? '';
      return Number(/speed ×([\d.]+)/.exec(line)?.[1]);
    });
    for (let i = 1; i < speeds.length; i++) expect(speeds[i]).toBeGreaterThan(speeds[i - 1]);
    expect(speeds[5] / speeds[0]).toBeGreaterThan(2.7);
    expect(speeds[5] / speeds[0]).toBeLessThan(4);
    expect(done.warnings).toEqual([]);
    expect(done.report.at(-1)).toMatch(/^ {2}Flo /);
  });
});
