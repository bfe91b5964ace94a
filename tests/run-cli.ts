import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What one run of `mazebook` ended with: its exit code and everything it wrote. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Environment variables set for the run (`undefined` removes one). */
  env?: Record<string, string | undefined>;
  /** Working folder of the run (default: the current one). */
  cwd?: string;
  /** A command that runs node with the rest of the arguments (`unshare -m sh -c …`): spawned runs only. */
  wrap?: readonly string[];
  /** Run as this user and group id (needs root): spawned runs only. */
  uid?: number;
  /** Stop a spawned run after this long, ms (its code is then -1). */
  timeoutMs?: number;
  /**
   * Run the built command (bin/mazebook.js, from `npm run build`) instead of the sources through tsx: a
   * fraction of the start-up time, for tests that spawn several runs: spawned runs only.
   */
  built?: boolean;
  /** stderr is a terminal of 100 columns (in-process runs only; otherwise neither stream is one). */
  tty?: boolean;
}

const MAIN = resolve('src/cli/main.ts');
const BIN = resolve('bin/mazebook.js');
/** tsx's loader by absolute URL, so the CLI also runs with another working directory. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Runs `mazebook ARGS` in a new node process, as a user does: the process boundary itself (exit code, what
 * reaches stderr, signals, pipes) is under test. Each call costs a node start and a compile of the CLI, so
 * tests use it once per command and `mazebookInProcess` for the rest.
 */
export function mazebookSpawned(args: string[], options: CliOptions = {}): CliRun {
  const env: Record<string, string | undefined> = { ...process.env, NODE_OPTIONS: '', ...options.env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const entry = options.built ? [BIN] : ['--import', TSX, MAIN];
  const command = [...(options.wrap ?? []), process.execPath, ...entry, ...args];
  const r = spawnSync(command[0], command.slice(1), {
    cwd: options.cwd,
    encoding: 'utf8',
    env,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
    ...(options.timeoutMs !== undefined
      ? { timeout: options.timeoutMs, killSignal: 'SIGKILL' as const }
      : {}),
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

let runs = 0;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `mazebook ARGS` inside this process: a fresh instance of src/cli/main.ts (its own commander program)
 * is imported with `process.argv`, the environment and the working folder set as for a spawned run, and
 * with `process.stdout`/`process.stderr` writes captured. The exit code is what main leaves in
 * `process.exitCode`. Library modules stay loaded between runs (as in a long-lived process), so this checks
 * the same command code as `mazebookSpawned` at a fraction of the cost. Runs are serialised, since they
 * borrow process-wide state.
 */
export function mazebookInProcess(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const run = queue.then(() => runInProcess(args, options));
  queue = run.catch(() => {});
  return run;
}

async function runInProcess(args: string[], options: CliOptions): Promise<CliRun> {
  const saved = {
    argv: process.argv,
    exitCode: process.exitCode,
    cwd: process.cwd(),
    out: process.stdout.write,
    err: process.stderr.write,
    outTTY: Object.getOwnPropertyDescriptor(process.stdout, 'isTTY'),
    errTTY: Object.getOwnPropertyDescriptor(process.stderr, 'isTTY'),
    errColumns: Object.getOwnPropertyDescriptor(process.stderr, 'columns'),
    outListeners: process.stdout.listeners('error'),
    errListeners: process.stderr.listeners('error'),
    env: {} as Record<string, string | undefined>,
  };
  let stdout = '';
  let stderr = '';
  const capture =
    (append: (s: string) => void) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (done) queueMicrotask(done);
      return true;
    };
  try {
    for (const [k, v] of Object.entries(options.env ?? {})) {
      saved.env[k] = process.env[k];
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    if (options.cwd) process.chdir(options.cwd);
    process.argv = [process.execPath, MAIN, ...args];
    process.exitCode = undefined;
    // Not a terminal, as under spawnSync: no progress line (unless the test asks for one on stderr).
    Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true });
    Object.defineProperty(process.stderr, 'isTTY', { value: options.tty === true, configurable: true });
    if (options.tty) Object.defineProperty(process.stderr, 'columns', { value: 100, configurable: true });
    process.stdout.write = capture((s) => {
      stdout += s;
    }) as typeof process.stdout.write;
    process.stderr.write = capture((s) => {
      stderr += s;
    }) as typeof process.stderr.write;
    // A new module instance per run: main.ts builds its program and parses process.argv when evaluated.
    const { finished } = await import(`${pathToFileURL(MAIN).href}?run=${++runs}`);
    await finished;
    const code = process.exitCode ?? 0;
    return { code: Number(code), stdout, stderr };
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    restoreProperty(process.stdout, 'isTTY', saved.outTTY);
    restoreProperty(process.stderr, 'isTTY', saved.errTTY);
    restoreProperty(process.stderr, 'columns', saved.errColumns);
    for (const l of process.stdout.listeners('error'))
      if (!saved.outListeners.includes(l)) process.stdout.off('error', l as () => void);
    for (const l of process.stderr.listeners('error'))
      if (!saved.errListeners.includes(l)) process.stderr.off('error', l as () => void);
    process.argv = saved.argv;
    process.exitCode = saved.exitCode;
    if (process.cwd() !== saved.cwd) process.chdir(saved.cwd);
    for (const [k, v] of Object.entries(saved.env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

function restoreProperty(target: object, key: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor) Object.defineProperty(target, key, descriptor);
  else delete (target as Record<string, unknown>)[key];
}
