import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { difficultyModelHash, difficultyModelText } from '../../src/analyze/difficulty-model.js';
import { defaultDifficultyModel, loadDifficultyModel } from '../../src/analyze/model-file.js';
import { UserError } from '../../src/base/errors.js';
import { buildBook } from '../../src/book/build-book.js';
import { calibrateTimes } from '../../src/book/calibrate-times.js';
import { planSpec } from '../../src/book/plan-spec.js';
import { rateBook } from '../../src/book/rate-book.js';
import { exportMazeJson } from '../../src/codec/json.js';
import { squareMaze, tempDir } from '../helpers.js';

const base = defaultDifficultyModel();
/** A model that counts the route four times as much: every maze scores higher. */
const ROUTEY = difficultyModelText({
  ...base,
  name: 'routey',
  weights: { ...base.weights, route: 4 * base.weights.route },
});

const SPEC = `title: M
seed: 3
difficulty-model: routey.yaml
pages:
  - { id: a, maze: { cells: 8, difficulty: easy, candidates: 2 } }
  - { id: b, maze: { cells: 12, difficulty: medium, candidates: 2 } }
`;

async function userError(p: Promise<unknown>): Promise<UserError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

describe('difficulty-model in a book spec', () => {
  it('scores the pages with the named model; the lockfile records it and --frozen sees a change', async () => {
    const dir = tempDir({
      'b.yaml': SPEC,
      'routey.yaml': ROUTEY,
      'd.yaml': SPEC.replace(/^difficulty-model.*\n/m, ''),
    });
    const plan = await planSpec(join(dir, 'b.yaml'));
    expect(plan.difficultyModel).toEqual(loadDifficultyModel(ROUTEY, 'routey.yaml'));
    expect((await planSpec(join(dir, 'd.yaml'))).difficultyModel).toEqual(base);
    const routey = await rateBook(join(dir, 'b.yaml'));
    const plain = await rateBook(join(dir, 'd.yaml'));
    expect(routey.model).toEqual({ name: 'routey', hash: difficultyModelHash(plan.difficultyModel) });
    expect(plain.model.name).toBe('default');
    // Same walks, more route effort: each page's route effort is four times the default model's.
    const a = routey.pages[0].components;
    expect(a.route.effort).toBeCloseTo(4 * (a.route.steps + a.route.turning) * base.weights.route, 6);
    const out = join(dir, 'b.pdf');
    await buildBook(join(dir, 'b.yaml'), { output: out });
    const lock = JSON.parse(readFileSync(join(dir, 'b.lock.json'), 'utf8'));
    expect(lock.difficultyModel).toEqual(routey.model);
    // build --frozen: comments and notes change no score; a changed weight or top is reported.
    writeFileSync(join(dir, 'routey.yaml'), `${ROUTEY}# a comment\n`);
    await expect(buildBook(join(dir, 'b.yaml'), { output: out, frozen: true })).resolves.toBeDefined();
    writeFileSync(join(dir, 'routey.yaml'), ROUTEY.replace(/^top: [0-9.]+/m, 'top: 900'));
    const e = await userError(buildBook(join(dir, 'b.yaml'), { output: out, frozen: true }));
    expect(e.what).toMatch(
      /the difficulty model would be "routey" \([0-9a-f]{16}\); the lockfile's scores came from "routey"/,
    );
  });

  it('points at the mistake in a model file, and refuses one outside the spec’s folders', async () => {
    const bad = ROUTEY.replace(/^ {2}decisions: [0-9.]+/m, '  decisions: lots');
    const dir = tempDir({ 'b.yaml': SPEC, 'routey.yaml': bad });
    const e = await userError(planSpec(join(dir, 'b.yaml')));
    expect(e.message).toMatch(/routey\.yaml:\d+:\d+: weights\.decisions/);
    const other = tempDir({ 'm.yaml': ROUTEY });
    const far = tempDir({ 'b.yaml': SPEC.replace('routey.yaml', join(other, 'm.yaml')) });
    expect((await userError(planSpec(join(far, 'b.yaml')))).what).toMatch(
      /difficulty model ".*m\.yaml" is outside the folders/,
    );
    const missing = tempDir({ 'b.yaml': SPEC });
    expect((await userError(planSpec(join(missing, 'b.yaml')))).message).toMatch(
      /b\.yaml:3:\d+: difficulty model file not found: routey\.yaml/,
    );
  });
});

describe('a difficulty target without a size', () => {
  it('sizes the page as auto; a size the spec gives is kept', async () => {
    const dir = tempDir({
      'b.yaml': `title: S\npages:\n  - { id: h, maze: { shape: hex, difficulty: hard } }\n  - { id: c, maze: { shape: circle, difficulty: easy } }\n  - { id: f, maze: { cells: 9, difficulty: hard } }\n  - { id: p, maze: { passage: 10mm, difficulty: hard } }\n  - { id: n, maze: { shape: hex } }\n`,
    });
    const plan = await planSpec(join(dir, 'b.yaml'));
    const [h, c, f, p, n] = plan.puzzles;
    expect(h.autoSize).toBeDefined();
    expect(c.autoSize).toBeDefined();
    expect(f.autoSize).toBeUndefined();
    expect(f.recipe.size).toEqual({ columns: 9, rows: 9 });
    expect(p.autoSize).toBeUndefined();
    expect(n.autoSize).toBeUndefined();
    const auto = tempDir({
      'b.yaml': `title: S\npages:\n  - { id: h, maze: { shape: hex, difficulty: hard } }\n  - { id: c, maze: { shape: circle, difficulty: easy } }\n`,
    });
    const rated = await rateBook(join(auto, 'b.yaml'));
    expect(rated.warnings).toEqual([]);
    expect(rated.pages.map((r) => [r.label, r.target?.reached])).toEqual([
      ['hard', true],
      ['easy', true],
    ]);
  });
});

describe('calibrate: solve times into a model', () => {
  const SIDES = [5, 7, 9, 12, 15, 18];
  const spec = `title: C\nseed: 2\npages:\n${SIDES.map((s) => `  - { id: s${s}, maze: { cells: ${s} } }`).join('\n')}\n`;
  /** Two readers per maze; times grow with the side. Pages by key, by number, and one maze as JSON. */
  const times = [
    'page,seconds,age',
    ...SIDES.flatMap((s, i) => {
      const ref = i === 0 ? '#1' : i === 5 ? 'mazes/big.json' : `s${s}`;
      return [`${ref},${(s * s) / 2},adult`, `${ref},${s * s},6-8`];
    }),
  ].join('\n');
  const big = JSON.stringify(exportMazeJson(squareMaze(18, 18, 77)));

  it('resolves page keys, #n and maze JSON files, fits, and writes a model file that loads', async () => {
    const dir = tempDir({ 'b.yaml': spec, 't.csv': `${times}\n` });
    mkdirSync(join(dir, 'mazes'));
    writeFileSync(join(dir, 'mazes', 'big.json'), big);
    const done = await calibrateTimes(join(dir, 't.csv'), { spec: join(dir, 'b.yaml') });
    expect(done.output).toBe(resolve(dir, 't.model.yaml'));
    const model = loadDifficultyModel(readFileSync(done.output, 'utf8'), 't.model.yaml');
    expect(model).toEqual(done.fit.model);
    expect(model.name).toBe('t');
    expect(model.calibration).toMatchObject({ rows: 12, mazes: 6 });
    expect(Object.keys(model.calibration?.secondsAt5 ?? {})).toEqual(['adult', '6-8']);
    expect(done.fit.summary[0]).toMatch(/^12 solve times of 6 mazes in 2 age groups/);
  });

  it('says where a row names no maze, and never writes over an input', async () => {
    const dir = tempDir({
      'b.yaml': spec,
      't.csv': times.replace('s7,', 's77,'),
      'n.csv': times,
      'b.json': '{ not json',
    });
    const unknown = await userError(calibrateTimes(join(dir, 't.csv'), { spec: join(dir, 'b.yaml') }));
    expect(unknown.where).toMatch(/t\.csv:4$/);
    expect(unknown.what).toMatch(/no page "s77"/);
    const noBook = await userError(calibrateTimes(join(dir, 'n.csv')));
    expect(noBook.where).toMatch(/n\.csv:2$/);
    expect(noBook.hint).toMatch(/--spec/);
    const missing = await userError(calibrateTimes(join(dir, 'n.csv'), { spec: join(dir, 'b.yaml') }));
    expect(missing.message).toMatch(/n\.csv:12: maze JSON file not found: mazes\/big\.json/);
    writeFileSync(join(dir, 'j.csv'), `${times.replace('mazes/big.json', 'b.json')}\n`);
    expect(
      (await userError(calibrateTimes(join(dir, 'j.csv'), { spec: join(dir, 'b.yaml') }))).message,
    ).toMatch(/j\.csv:12: maze JSON b\.json is not JSON/);
    mkdirSync(join(dir, 'mazes'));
    writeFileSync(join(dir, 'mazes', 'big.json'), big);
    const over = await userError(
      calibrateTimes(join(dir, 'n.csv'), { spec: join(dir, 'b.yaml'), output: join(dir, 'b.yaml') }),
    );
    expect(over.what).toMatch(/would overwrite a file this build reads/);
    expect(existsSync(join(dir, 'n.model.yaml'))).toBe(false);
  });
});

// Worker threads run compiled code, so this drives the built CLI (bin/ → dist/).
const BIN = resolve('bin/mazebook.js');
const built = existsSync(resolve('dist/book/puzzle-worker.js'));

describe.skipIf(!built)('a difficulty model on worker threads', () => {
  it('gives the same PDF and lockfile as one thread', () => {
    const pages = Array.from(
      { length: 4 },
      (_, i) => `  - { id: p${i}, maze: { cells: ${6 + 2 * i}, difficulty: easy } }`,
    ).join('\n');
    const dir = tempDir({
      'b.yaml': `title: W\nseed: 4\ndifficulty-model: routey.yaml\npages:\n${pages}\n`,
      'routey.yaml': ROUTEY,
    });
    const run = (out: string, workers: string) =>
      spawnSync(process.execPath, [BIN, 'build', join(dir, 'b.yaml'), '-o', join(dir, out)], {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', MAZEBOOK_WORKERS: workers },
      });
    const par = run('par.pdf', '3');
    const ser = run('ser.pdf', '0');
    expect(par.status, par.stderr).toBe(0);
    expect(ser.status, ser.stderr).toBe(0);
    expect(Buffer.compare(readFileSync(join(dir, 'par.pdf')), readFileSync(join(dir, 'ser.pdf')))).toBe(0);
    const lock = readFileSync(join(dir, 'par.lock.json'), 'utf8');
    expect(lock).toBe(readFileSync(join(dir, 'ser.lock.json'), 'utf8'));
    expect(JSON.parse(lock).difficultyModel.name).toBe('routey');
  }, 60_000);
});
