import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sheetSpec } from '../../src/cli/sheet.js';
import { tempDir } from '../helpers.js';
import { inspectPdf } from '../pdf-inspect.js';
import { mazebookInProcess, mazebookSpawned } from '../run-cli.js';

const mazebook = (args: string[]) => mazebookInProcess(['sheet', ...args]);

describe('mazebook sheet', () => {
  it('prints an activity sheet with its answers on the next page', async () => {
    const dir = tempDir();
    const out = join(dir, 'sheet.pdf');
    const r = await mazebook([
      '--paper',
      'a4',
      '--count',
      '4',
      '--shape',
      'hex',
      '--difficulty',
      'easy',
      '--seed',
      '7',
      '-o',
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/sheet\.pdf: 2 pages, 4 mazes/);
    const facts = await inspectPdf(readFileSync(out));
    expect(facts.pageCount).toBe(2);
    expect(facts.sizes[0][0]).toBeCloseTo(595.28, 1);
  });

  it('shows the equivalent spec with --print-spec, every option mapped to a field', async () => {
    const r = await mazebook([
      '--count',
      '6',
      '--shape',
      'circle',
      '--difficulty',
      'medium',
      '--name-date',
      '--locale',
      'fr',
      '-o',
      'x.pdf',
      '--print-spec',
    ]);
    expect(r.code).toBe(0);
    const spec = parse(r.stdout);
    expect(spec).toMatchObject({
      'per-page': 6,
      'name-date': true,
      locale: 'fr',
      solutions: 'inline',
      defaults: { shape: 'circle', rings: 'auto', difficulty: 'medium' },
    });
    expect(spec.pages).toHaveLength(6);
  });

  it('refuses a bad count with exit 2', async () => {
    const r = await mazebook(['--count', '0', '-o', 'x.pdf']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--count <n>' argument '0' is invalid\. expected a whole number from 1 to 60/);
    const abc = await mazebook(['--count', 'abc', '-o', 'x.pdf']);
    expect(abc.code).toBe(2);
    expect(abc.stderr).toMatch(/argument 'abc' is invalid\. expected a whole number from 1 to 60, got "abc"/);
    expect(abc.stderr).not.toMatch(/NaN/);
  });

  it('reports a bad option at the option, not at the temporary spec', async () => {
    // End to end: the exit code and stderr of a real process.
    const r = mazebookSpawned(['sheet', '--shape', 'hexx', '-o', 'x.pdf']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: --shape: expected "square", "hex", .*\(got "hexx"\)\n {2}hint: did you mean "hex"\?/,
    );
    expect(r.stderr).not.toMatch(/sheet\.yaml/);
  });
  it('sizes a kids sheet by itself, at an easy difficulty, when no size is given', () => {
    for (const o of [{ theme: 'kids' }, { audience: 'kids' }, { audience: 'large-print' }]) {
      const spec = sheetSpec({ paper: 'a4', count: 4, title: 'S', answers: true, ...o });
      expect(spec.defaults, JSON.stringify(o)).toMatchObject({ cells: 'auto', difficulty: 'easy' });
    }
    expect(sheetSpec({ paper: 'a4', count: 4, title: 'S', answers: true }).defaults).toMatchObject({
      cells: 'auto',
      difficulty: 'medium',
    });
    const circle = sheetSpec({
      paper: 'a4',
      count: 2,
      title: 'S',
      answers: true,
      theme: 'kids',
      shape: 'circle',
    });
    expect(circle.defaults).toMatchObject({ rings: 'auto', difficulty: 'easy' });
    expect((circle.defaults as Record<string, unknown>).cells).toBeUndefined();
  });

  it('builds the default kids 4-up on A4, and refuses a given size under the kids floor at --cells', async () => {
    const dir = tempDir();
    const ok = await mazebook(['--count', '4', '--theme', 'kids', '--seed', '2', '-o', join(dir, 'k.pdf')]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).not.toMatch(/floor/);
    const r = await mazebook([
      '--count',
      '4',
      '--theme',
      'kids',
      '--paper',
      'letter',
      '--cells',
      '20',
      '-o',
      join(dir, 'x.pdf'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: --cells: passages are [\d.]+mm clear between walls at 20×20 cells, under the kids' floor of 6\.0mm/,
    );
  });
});
