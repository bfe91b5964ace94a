import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LABEL_BANDS } from '../../src/analyze/rate.js';
import { tempDir } from '../helpers.js';
import { type CliRun, mazebookInProcess as mazebook, mazebookSpawned } from '../run-cli.js';

const SPEC = `title: Rate test
seed: 5
pages:
  - { id: first, maze: { cells: [6, 6] } }
  - maze: { shape: hex, cells: [7, 6] }
  - { id: circle, title: "Round {{number}}", maze: { shape: circle, rings: 5 } }
  - { id: easy-one, maze: { cells: [8, 8], difficulty: easy, candidates: 3 } }
`;
const KEYS = ['first', /^m[0-9a-f]{8}$/, 'circle', 'easy-one'];

interface JsonPage {
  key: string;
  number: number;
  title: string;
  shape: string;
  size: string;
  algorithm: string;
  metrics: Record<string, number>;
  overlapSteps: { mean: number; ci95: number; sd: number };
  walks: number;
  score: number;
  label: string;
  target?: { name: string; min: number; max: number; reached: boolean };
  components: {
    search: { overlap: number; effort: number; method: 'exact' | 'branches' | 'walks'; walks: number };
    route: { steps: number; effort: number };
    decisions: { effort: number };
    cycling: { effort: number };
    effort: number;
  };
}

describe('mazebook rate', () => {
  const dir = tempDir({ 'r.yaml': SPEC });
  const spec = join(dir, 'r.yaml');
  /** `rate SPEC --json`, run once and read by several tests (the output is the same on every run). */
  let json: Promise<CliRun> | undefined;
  const rateJson = () => {
    json ??= mazebook(['rate', spec, '--json']);
    return json;
  };

  it('prints a header, one aligned row per maze in book order, and a summary', async () => {
    const r = await mazebook(['rate', spec]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^\s*#\s+key\s+shape\s+size\s+algorithm\s+sol\s+dead\s+junc\s+loops\s+clear\s+overlap/,
    );
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(4);
    rows.forEach((row, i) => {
      const cols = row.trim().split(/\s+/);
      expect(cols[0]).toBe(String(i + 1));
      expect(cols[1]).toMatch(KEYS[i]);
      expect(row.length).toBeLessThanOrEqual(120);
    });
    expect(rows[2]).toMatch(/circle\s+circle\s+5 rings/);
    expect(rows[3]).toMatch(/\b(easy|medium|hard|expert)\s+easy (✓|✗ best of 3)$/);
    // Numbers are right-aligned: the score column ends at the same place on every row.
    const scoreEnd = (row: string) => row.search(/\d+\.\d\s+(easy|medium|hard|expert)/) + 3;
    expect(new Set(rows.map(scoreEnd)).size).toBe(1);
    expect(lines.at(-1)).toMatch(/^4 mazes, mean score \d+\.\d, rated in \d+\.\d\d s$/);
  });

  it('--json prints only JSON: pages in book order, scores in [1, 10], the same on every run', async () => {
    const r = await rateJson();
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { book: string; pages: JsonPage[] };
    expect(out.book).toBe('Rate test');
    expect(out.pages.map((p) => p.number)).toEqual([1, 2, 3, 4]);
    for (const [i, p] of out.pages.entries()) {
      expect(p.key).toMatch(KEYS[i]);
      expect(p.score).toBeGreaterThanOrEqual(1);
      expect(p.score).toBeLessThanOrEqual(10);
      expect(['easy', 'medium', 'hard', 'expert']).toContain(p.label);
      // The search: exact (no walks), or from walks, at least 8.
      expect(p.components.search.walks).toBe(p.walks);
      if (p.components.search.method === 'exact') expect(p.walks).toBe(0);
      else expect(p.walks).toBeGreaterThanOrEqual(8);
      expect(p.overlapSteps.mean).toBeGreaterThanOrEqual(0);
      expect(p.metrics.solutionLength).toBeGreaterThan(1);
      for (const k of ['deadEnds', 'longDeadEnds', 'junctions', 'passages', 'loops', 'longLoops', 'turns'])
        expect(Number.isInteger(p.metrics[k])).toBe(true);
    }
    expect(out.pages[2]).toMatchObject({ title: 'Round 3', shape: 'circle', size: '5 rings' });
    expect(out.pages[0].target).toBeUndefined();
    expect(out.pages[3].target).toMatchObject({
      name: 'easy',
      min: LABEL_BANDS.easy[0],
      max: LABEL_BANDS.easy[1],
    });
    // Each component's effort, which add up to the whole.
    for (const p of out.pages) {
      const c = p.components;
      expect(c.search.overlap).toBeCloseTo(p.overlapSteps.mean, 1);
      expect(c.route.steps).toBe(p.metrics.solutionLength - 1);
      expect(c.search.effort + c.route.effort + c.decisions.effort + c.cycling.effort).toBeCloseTo(
        c.effort,
        1,
      );
    }
    expect((out as unknown as { model: { name: string } }).model.name).toBe('default');
    // The same in another process, which also ends the command with its exit code and nothing on stderr.
    const again = mazebookSpawned(['rate', spec, '--json']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe(r.stdout);
  });

  it('--explain splits each score among its components, in a table and in words', async () => {
    const r = await mazebook(['rate', spec, '--explain']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const head = lines.findIndex((l) =>
      /^\s*#\s+key\s+score\s+effort\s+search\s+route\s+decisions\s+cycling$/.test(l),
    );
    expect(head).toBeGreaterThan(0);
    expect(lines[head - 1]).toMatch(/model default \([0-9a-f]{16}\)/);
    for (let i = 1; i <= 4; i++) {
      const cols = lines[head + i].trim().split(/\s+/);
      expect(cols[0]).toBe(String(i));
      // score = 1 + the four components' points
      const points = cols.filter((c) => c.startsWith('+')).map(Number);
      expect(points).toHaveLength(4);
      expect(1 + points.reduce((a, b) => a + b, 0)).toBeCloseTo(Number(cols[2]), 0);
    }
    expect(r.stdout).toMatch(
      /\n1\. Maze 1 \(first\)\nscore \d+\.\d \(\w+\) from an effort of \d+ steps, model default:\n {2}search/,
    );
    expect(r.stdout).toMatch(/ {2}route .* the solution is \d+ steps and turns \d+ right angles/);
  });

  it('--simulator changes the overlap shown but not the score; --seed gives other mazes', async () => {
    const pages = async (args: string[]) =>
      (
        JSON.parse(
          (args.length ? await mazebook(['rate', spec, '--json', ...args]) : await rateJson()).stdout,
        ) as { pages: JsonPage[] }
      ).pages;
    const smart = await pages([]);
    const tremaux = await pages(['--simulator', 'tremaux']);
    expect(tremaux.map((p) => p.score)).toEqual(smart.map((p) => p.score));
    expect(tremaux.map((p) => p.overlapSteps.mean)).not.toEqual(smart.map((p) => p.overlapSteps.mean));
    expect((await pages(['--seed', '6'])).map((p) => p.metrics)).not.toEqual(smart.map((p) => p.metrics));
  });

  it('exits 2 with a located message on a bad spec or a bad option', async () => {
    const bad = tempDir({ 'b.yaml': 'title: Bad\npages:\n  - maze: { cells: [5, 5], shape: hexx }\n' });
    // End to end: the exit code and stderr of a real process.
    const r = mazebookSpawned(['rate', join(bad, 'b.yaml'), '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*b\.yaml:3:35: pages\[0\]\.maze\.shape: .*\(got "hexx"\)/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect((await mazebook(['rate', spec, '--simulator', 'clever'])).code).toBe(2);
    expect((await mazebook(['rate', '/no/such/book.yaml'])).stderr).toMatch(/spec file not found/);
  });

  it('--heatmap writes one PNG per maze, about 1200 px on its longer side', async () => {
    const out = join(dir, 'heat', 'maps');
    const r = await mazebook(['rate', spec, '--heatmap', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/4 heatmaps in /);
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(4);
    expect(files[0]).toBe('1-first.png');
    expect(files[2]).toBe('3-circle.png');
    for (const f of files) {
      const png = readFileSync(join(out, f));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeGreaterThanOrEqual(1190);
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1210);
    }
  });

  it('--heatmap into a path that cannot be a folder is a user error', async () => {
    const r = await mazebook(['rate', spec, '--heatmap', join(dir, 'r.yaml', 'maps')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: cannot write to .*maps\/: .*r\.yaml is a file, not a folder\n {2}hint: choose another folder with --heatmap\n$/,
    );
  });
});
