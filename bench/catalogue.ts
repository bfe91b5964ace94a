/**
 * A catalogue of ten books (`npm run bench -- catalogue`): ten volumes of books/catalogue/maze-trail.yaml
 * (18 mazes each, a graded series among them, answers and a cover), built by `mazebook batch`
 *
 * - in one process;
 * - in two shards run side by side as two processes (as a Kubernetes Indexed Job of two completions runs
 *   them), each told its index by JOB_COMPLETION_INDEX: wall time until both end, CPU of both, the speed-up
 *   over one process, and what the second shard spent on the mazes of the five books before its run (the
 *   price of deciding "no maze twice" without seeing the other shard);
 * - once more with every book up to date (what a resumed or retried job costs).
 *
 * Medians of a few rounds with their spread; CPU of whole processes (all threads); printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { machineLoad, per, report, say, timingOf } from './measure.js';

const BOOKS = 10;

/** One process's CPU (ms, all threads) and whether it ended well. */
interface Ended {
  ok: boolean;
  cpuMs: number;
  stderr: string;
}

/** Runs `mazebook ARGS` processes side by side; the wall time until the last ends, and each one's CPU. */
async function sideBySide(
  runs: { args: string[]; env: Record<string, string> }[],
): Promise<{ wallMs: number; ended: Ended[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const started = performance.now();
  const ended = await Promise.all(
    runs.map(
      (run, i) =>
        new Promise<Ended>((done) => {
          const usage = join(dir, `usage-${i}.json`);
          const child = spawn(
            process.execPath,
            ['--require', resolve('bench/resource-usage.cjs'), 'bin/mazebook.js', ...run.args],
            {
              env: { ...process.env, ...run.env, MAZEBOOK_BENCH_USAGE: usage },
              stdio: ['ignore', 'ignore', 'pipe'],
            },
          );
          let stderr = '';
          child.stderr.on('data', (d) => {
            stderr += d;
          });
          child.on('exit', (code) => {
            const ok = code === 0 && existsSync(usage);
            const cpuMs = ok
              ? (JSON.parse(readFileSync(usage, 'utf8')) as { cpuMs: number }).cpuMs
              : Number.NaN;
            done({ ok, cpuMs, stderr });
          });
        }),
    ),
  );
  const wallMs = performance.now() - started;
  rmSync(dir, { recursive: true, force: true });
  for (const e of ended) if (!e.ok) throw new Error(`mazebook batch failed: ${e.stderr.trim()}`);
  return { wallMs, ended };
}

/** A folder with the base spec and a catalogue of BOOKS volumes of it. */
function catalogueOf(dir: string): string {
  copyFileSync('books/catalogue/maze-trail.yaml', join(dir, 'maze-trail.yaml'));
  const books = Array.from(
    { length: BOOKS },
    (_, i) => `  - { spec: maze-trail.yaml, volume: ${i + 1}, title: "Maze Trail ${i + 1}" }`,
  );
  const file = join(dir, 'catalogue.yaml');
  writeFileSync(file, `catalogue: Bench\nbooks:\n${books.join('\n')}\n`);
  return file;
}

export async function catalogueBench(rounds = 3): Promise<void> {
  const load = machineLoad();
  say(
    `\na catalogue of ${BOOKS} books (books/catalogue/maze-trail.yaml ×${BOOKS}), mazebook batch; machine load ${load.load.toFixed(1)} on ${load.cores} cores`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const catalogue = catalogueOf(dir);
  const one = { wall: [] as number[], cpu: [] as number[] };
  const two = {
    wall: [] as number[],
    cpu: [] as number[],
    slower: [] as number[],
    earlier: [] as number[],
    shard1: [] as number[],
  };
  const fresh: number[] = [];
  const empty: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const whole = join(dir, `one-${r}`);
    const a = await sideBySide([{ args: ['batch', catalogue, '-q', '-o', whole], env: {} }]);
    one.wall.push(a.wallMs);
    one.cpu.push(a.ended[0].cpuMs);
    const sharded = join(dir, `two-${r}`);
    const args = ['batch', catalogue, '-q', '-o', sharded, '--shards', '2'];
    const b = await sideBySide([
      { args, env: { JOB_COMPLETION_INDEX: '0' } },
      { args, env: { JOB_COMPLETION_INDEX: '1' } },
    ]);
    two.wall.push(b.wallMs);
    two.cpu.push(b.ended[0].cpuMs + b.ended[1].cpuMs);
    two.slower.push(Math.max(b.ended[0].cpuMs, b.ended[1].cpuMs));
    const second = JSON.parse(readFileSync(join(sharded, 'report-shard-1-of-2.json'), 'utf8')) as {
      seconds: number;
      earlier: { seconds: number };
    };
    two.earlier.push(second.earlier.seconds * 1000);
    two.shard1.push(second.seconds * 1000);
    const c = await sideBySide([{ args: ['batch', catalogue, '-q', '-o', whole], env: {} }]);
    fresh.push(c.wallMs);
    const none = ['batch', catalogue, '-q', '-o', join(dir, `none-${r}`), '--shard', `0/${2 * BOOKS}`];
    empty.push((await sideBySide([{ args: none, env: {} }])).ended[0].cpuMs);
  }
  rmSync(dir, { recursive: true, force: true });
  const seconds = (t: number[]) => per(timingOf(t), (v) => v / 1000);
  report(`catalogue of ${BOOKS}, one process: CPU`, seconds(one.cpu), 's', false);
  report(`catalogue of ${BOOKS}, two shards: CPU of both`, seconds(two.cpu), 's', false);
  report(`catalogue of ${BOOKS}, two shards: CPU of the slower`, seconds(two.slower), 's', false);
  report(
    `catalogue of ${BOOKS}: two shards' speed-up on two free cores`,
    timingOf(one.cpu).median / timingOf(two.slower).median,
    '×',
    true,
  );
  report(`catalogue of ${BOOKS}, one process: wall`, seconds(one.wall), 's', false);
  report(`catalogue of ${BOOKS}, two shards side by side: wall`, seconds(two.wall), 's', false);
  report(`catalogue of ${BOOKS}, shard 1: mazes of books 1–5 (wall)`, seconds(two.earlier), 's', false);
  say(
    `  shard 1 spent ${((timingOf(two.earlier).median / timingOf(two.shard1).median) * 100).toFixed(0)} % of its wall time on the mazes of books 1–5 (no pages)`,
  );
  report(`catalogue of ${BOOKS}, a shard with no books: CPU`, seconds(empty), 's', false);
  report(`catalogue of ${BOOKS}, every book up to date: wall`, seconds(fresh), 's', false);
}
