import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { mazebookInProcess } from '../run-cli.js';

const CLI = resolve('src/cli/main.ts');

const mazebook = (args: string[], env: Record<string, string> = {}) => mazebookInProcess(args, { env });

describe('the command line under abuse', () => {
  it('ends quietly when the reader of its output goes away (mazebook schema | head)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'schema'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(err).not.toMatch(/EPIPE|at /);
    expect(code).toBe(0);
  }, 30_000);

  it('refuses render resolutions outside 36–2400 dpi and writes nothing', async () => {
    const dir = tempDir();
    for (const dpi of ['0', '-5', 'abc', '3000', '100000']) {
      const out = join(dir, `m${dpi}.png`);
      const r = await mazebook(['render', '--cells', '5', '--dpi', dpi, '-o', out]);
      expect(r.code, dpi).toBe(2);
      expect(r.stderr).toMatch(/--dpi <n>' argument .* is invalid\. expected a whole number from 36 to 2400/);
      expect(existsSync(out)).toBe(false);
    }
  }, 60_000);

  it('refuses a SOURCE_DATE_EPOCH past the year 9999 and a bad render size', async () => {
    const dir = tempDir({ 'b.yaml': 'title: T\npages:\n  - maze: { cells: 4 }\n' });
    const r = await mazebook(['validate', join(dir, 'b.yaml')], {
      SOURCE_DATE_EPOCH: '99999999999999999999',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/SOURCE_DATE_EPOCH: expected seconds since 1970 up to the year 9999/);
    const s = await mazebook(['render', '--size', '1e309mm', '-o', join(dir, 'x.svg')]);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--size: expected a length such as 12cm/);
  }, 60_000);

  it('refuses an output that is an input of the build, or a device', async () => {
    const dir = tempDir({ 'b.yaml': 'title: T\npages:\n  - maze: { cells: 4 }\n' });
    const spec = join(dir, 'b.yaml');
    expect((await mazebook(['build', spec, '-o', spec])).stderr).toMatch(/the output name must end in \.pdf/);
    expect((await mazebook(['build', spec, '-o', '/dev/null'])).stderr).toMatch(
      /the output name must end in \.pdf|it is a device/,
    );
    const tty = await mazebook(['render', '--cells', '4', '-o', '/dev/null']);
    expect(tty.code).toBe(2);
    expect(tty.stderr).toMatch(/cannot tell the format|it is a device/);
  }, 60_000);
});
