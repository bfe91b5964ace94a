import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { runPreview } from '../../src/preview/run-preview.js';
import { tempDir } from '../helpers.js';
import { specFile } from './fixtures.js';

const MAIN = resolve('src/cli/main.ts');
const args = (rest: string[]) => ['--import', 'tsx', MAIN, 'preview', ...rest];

/** The first line of the child's output matching `pattern` (at most 30 s). */
function lineOf(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no line like ${pattern} in: ${out}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => pattern.test(l));
      if (line) {
        clearTimeout(timer);
        resolveLine(line);
      }
    });
  });
}

describe('mazebook preview', () => {
  it('prints where it serves, serves the page, and stops on Ctrl-C', async () => {
    const child = spawn(process.execPath, args([specFile()]), { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await lineOf(
        child,
        /^preview of .*book\.yaml: http:\/\/127\.0\.0\.1:\d+\/ {2}\(Ctrl-C to stop\)$/,
      );
      const url = /http:\/\/\S+/.exec(line)?.[0] as string;
      // The page is served at once; the first build's pages follow it.
      expect((await fetch(url)).status).toBe(200);
      const ended = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGINT');
      expect(await ended).toBe(0);
    } finally {
      child.kill();
    }
  });

  it('refuses a spec that is not there and a port in use, as user errors', async () => {
    const print = () => {};
    await expect(runPreview(join(tempDir(), 'nope.yaml'), {}, print)).rejects.toThrow(UserError);
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(runPreview(specFile(), { port }, print)).rejects.toThrow(
        `--port ${port}: that port is already in use`,
      );
    } finally {
      taken.close();
    }
  });
});
