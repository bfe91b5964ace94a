/**
 * Timing and reporting for `npm run bench`. Figures are printed and compared with the previous run on this
 * machine (bench/.last.json, not committed); they are never asserted. Timed figures are medians over several
 * runs, printed with their spread; verdicts on wall time are drawn only while the machine is quiet
 * (`machineLoad`, `wallVerdict`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

const LAST = resolve('bench/.last.json');
const previous: Record<string, number> = existsSync(LAST) ? JSON.parse(readFileSync(LAST, 'utf8')) : {};
const results: Record<string, number> = { ...previous };

/**
 * Timings of repeated runs, in ms (or a figure made from them with `per`): the median, the quartiles
 * (the middle half of the runs lies between them) and the extremes. Medians, not minima: the minimum is the
 * one run nothing disturbed, which says little about what a user waits for.
 */
export interface Timing {
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
  runs: number;
}

/** The median, quartiles and extremes of some values (linear interpolation between neighbours). */
export function timingOf(values: readonly number[]): Timing {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => {
    const i = (sorted.length - 1) * q;
    const lo = Math.floor(i);
    return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (i - lo);
  };
  return {
    median: at(0.5),
    q1: at(0.25),
    q3: at(0.75),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    runs: sorted.length,
  };
}

/**
 * A figure made from a timing (`ms → M cells/s`, `ms → ms per page`), its spread carried along; `f` must be
 * monotonic (a falling one swaps the quartiles and extremes).
 */
export function per(t: Timing, f: (ms: number) => number): Timing {
  const [q1, q3, min, max] = f(t.q3) < f(t.q1) ? [t.q3, t.q1, t.max, t.min] : [t.q1, t.q3, t.min, t.max];
  return { median: f(t.median), q1: f(q1), q3: f(q3), min: f(min), max: f(max), runs: t.runs };
}

/** Wall-clock timings of `runs` calls of `fn`, after `warm` untimed calls (the JIT's first compiles). */
export function timeRuns(runs: number, fn: () => void, warm = 1): Timing {
  for (let i = 0; i < warm; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return timingOf(times);
}

/** Wall-clock timings of `runs` calls of an asynchronous `fn`, after `warm` untimed calls. */
export async function timeRunsAsync(runs: number, fn: () => Promise<void>, warm = 0): Promise<Timing> {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return timingOf(times);
}

/**
 * CPU timings (user + system, all of this process's threads) of `runs` calls of `fn`, in ms, after `warm`
 * untimed calls. CPU time is what other work on a shared machine disturbs least; garbage collected between
 * calls so one call's garbage is not charged to the next.
 */
export function cpuRuns(runs: number, fn: () => void, warm = 1, settle = 1): Timing {
  for (let i = 0; i < warm; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    collect();
    // A full collection throws away the optimised code of functions that call others (the generators
    // through their grid's arrays); `settle` untimed calls compile it again, as it stays in a long build.
    for (let k = 0; k < settle; k++) fn();
    const t = process.cpuUsage();
    fn();
    const used = process.cpuUsage(t);
    times.push((used.user + used.system) / 1000);
  }
  return timingOf(times);
}

/** CPU milliseconds (user + system, all threads) of one call of `fn`. */
export function cpuOnce(fn: () => void): number {
  const t = process.cpuUsage();
  fn();
  const used = process.cpuUsage(t);
  return (used.user + used.system) / 1000;
}

/** How loaded the machine is, and whether that is too much to judge a target on wall time. */
export interface MachineLoad {
  /** The 1-minute load average. */
  load: number;
  cores: number;
  /** Share of wall time a 100 ms busy loop on this thread got the processor (1: all of it). */
  share: number;
  /** Other work takes more than a quarter of the cores, or this thread waited for one. */
  busy: boolean;
}

/**
 * The machine's load now: the load average less this benchmark's own thread, and a short busy loop that
 * shows whether this thread gets a core when it wants one. Wall times measured while it is busy say as much
 * about the other work as about mazebook: verdicts on them are not drawn then (`wallVerdict`).
 */
export function machineLoad(): MachineLoad {
  const cores = availableParallelism();
  const [load] = loadavg();
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  while (performance.now() - wall0 < 100) {
    // spin
  }
  const used = process.cpuUsage(cpu0);
  const share = (used.user + used.system) / 1000 / (performance.now() - wall0);
  return { load, cores, share, busy: load - 1 > 0.25 * cores || share < 0.9 };
}

/** `met` / `not met` for a target on wall time, or why it is not judged. */
export function wallVerdict(met: boolean, load: MachineLoad): string {
  if (load.busy)
    return `not judged: machine busy (load ${load.load.toFixed(1)} on ${load.cores} cores, this thread got ${(load.share * 100).toFixed(0)} % of a core)`;
  return met ? 'met' : 'not met';
}

// A full garbage collection between timed calls, so one call's garbage is not charged to the next.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export function collect(): void {
  gc();
}

/**
 * Records a figure and prints it with its change since the last run; `higherIsBetter` sets the arrow. A
 * timing prints its median, its quartiles and how many runs it holds; a change smaller than half its
 * spread (or 3 %) is shown as none.
 */
export function report(
  key: string,
  value: number | Timing,
  unit: string,
  higherIsBetter: boolean,
  digits = 2,
): void {
  const t = typeof value === 'number' ? undefined : value;
  const median = t ? t.median : (value as number);
  results[key] = median;
  const prev = previous[key];
  let delta = '';
  if (prev !== undefined && prev > 0) {
    const pct = ((median - prev) / prev) * 100;
    const better = higherIsBetter ? pct > 0 : pct < 0;
    const noise = t && t.median > 0 ? ((t.q3 - t.q1) / t.median / 2) * 100 : 0;
    delta =
      Math.abs(pct) < Math.max(3, noise)
        ? '  (≈ last run)'
        : `  (${pct > 0 ? '+' : ''}${pct.toFixed(1)}% vs last run, ${better ? 'better' : 'worse'})`;
  }
  const spread =
    t && t.runs > 1 ? `  [IQR ${t.q1.toFixed(digits)}–${t.q3.toFixed(digits)}, median of ${t.runs}]` : '';
  process.stdout.write(`${key.padEnd(52)} ${median.toFixed(digits).padStart(10)} ${unit}${spread}${delta}\n`);
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
