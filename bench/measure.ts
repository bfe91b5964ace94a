/**
 * Timing and reporting for `npm run bench`. Figures are printed and compared with the previous run on this
 * machine (bench/.last.json, not committed); they are never asserted.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

const LAST = resolve('bench/.last.json');
const previous: Record<string, number> = existsSync(LAST) ? JSON.parse(readFileSync(LAST, 'utf8')) : {};
const results: Record<string, number> = { ...previous };

/**
 * Best of `rounds` wall-clock timings of `fn`, in ms, after as many untimed warm-up calls (so the JIT has
 * settled); the minimum is the least noisy estimate on a shared machine.
 */
export function best(rounds: number, fn: () => void): number {
  for (let i = 0; i < rounds; i++) fn();
  let min = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

export async function bestAsync(rounds: number, fn: () => Promise<void>): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

/**
 * Best of `rounds` CPU timings (user + system, all of this process's threads) of `fn`, in ms, after
 * `warm` untimed calls. CPU time is what other work on a shared machine disturbs least; garbage collected
 * between calls so one call's garbage is not charged to the next.
 */
export function bestCpu(rounds: number, fn: () => void, warm = 1, settle = 1): number {
  for (let i = 0; i < warm; i++) fn();
  let min = Infinity;
  for (let i = 0; i < rounds; i++) {
    collect();
    // A full collection throws away the optimised code of functions that call others (the generators
    // through their grid's arrays); `settle` untimed calls compile it again, as it stays in a long build.
    for (let k = 0; k < settle; k++) fn();
    const t = process.cpuUsage();
    fn();
    const used = process.cpuUsage(t);
    min = Math.min(min, (used.user + used.system) / 1000);
  }
  return min;
}

// A full garbage collection between timed calls, so one call's garbage is not charged to the next.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export function collect(): void {
  gc();
}

/** Records a figure and prints it with its change since the last run; `higherIsBetter` sets the arrow. */
export function report(key: string, value: number, unit: string, higherIsBetter: boolean, digits = 2): void {
  results[key] = value;
  const prev = previous[key];
  let delta = '';
  if (prev !== undefined && prev > 0) {
    const pct = ((value - prev) / prev) * 100;
    const better = higherIsBetter ? pct > 0 : pct < 0;
    delta =
      Math.abs(pct) < 3
        ? '  (≈ last run)'
        : `  (${pct > 0 ? '+' : ''}${pct.toFixed(1)}% vs last run, ${better ? 'better' : 'worse'})`;
  }
  process.stdout.write(`${key.padEnd(52)} ${value.toFixed(digits).padStart(10)} ${unit}${delta}\n`);
}

/** Records a figure for the next run's comparison without printing it (a table shows it). */
export function record(key: string, value: number): void {
  results[key] = value;
}

/** A line of text in the output (headings, tables, notes). */
export function say(text = ''): void {
  process.stdout.write(`${text}\n`);
}

/** Writes this run's figures for the next run to compare with (figures of sections not run are kept). */
export function saveResults(): void {
  writeFileSync(LAST, `${JSON.stringify(results, null, 2)}\n`);
}

/** What one measured process did: whether it succeeded, its stderr, wall time, CPU time and peak memory. */
export interface ProcessRun {
  ok: boolean;
  stderr: string;
  wallMs: number;
  /** User + system, all threads. */
  cpuMs: number;
  maxRssKb: number;
}

/**
 * Runs `node <args>` with bench/resource-usage.cjs preloaded (it records the process's own CPU time and peak
 * memory as it exits) and `env` added to this process's environment.
 */
export function measureProcess(args: readonly string[], env: Record<string, string> = {}): ProcessRun {
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const usage = join(dir, 'usage.json');
  try {
    const t = performance.now();
    const run = spawnSync(process.execPath, ['--require', resolve('bench/resource-usage.cjs'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env, MAZEBOOK_BENCH_USAGE: usage },
    });
    const wallMs = performance.now() - t;
    const ok = run.status === 0 && existsSync(usage);
    const { cpuMs, maxRssKb } = ok
      ? (JSON.parse(readFileSync(usage, 'utf8')) as { cpuMs: number; maxRssKb: number })
      : { cpuMs: Number.NaN, maxRssKb: Number.NaN };
    return { ok, stderr: run.stderr, wallMs, cpuMs, maxRssKb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
