import { createHash } from 'node:crypto';
import fs, { type Stats } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * The lock a command holds on its main output while it writes (outputs.ts), so two builds to one path cannot
 * interleave. The lock is a folder made next to the output, `<output>.writing` (making a folder is atomic,
 * on network file systems too), holding `owner.json`: the owner's process id, host, and the start of that
 * process as the system counts it (Linux: clock ticks since boot, from /proc), so a reused process id is told
 * apart.
 *
 * A lock whose owner is on this host and no longer running (killed, crashed, power cut while the folder
 * survived) is taken over at once. A lock whose owner is running is waited for, and the wait is reported. A
 * lock whose owner cannot be checked (another host, an older or newer mazebook, an owner file not yet
 * written) counts as abandoned once neither it nor its owner file has changed for {@link STALE_MS}; the owner
 * touches it between the files it writes. The file system is called through `node:fs`'s module object, as in
 * outputs.ts.
 */

/** A lock whose owner cannot be checked is abandoned after this long without a change, ms. */
export const STALE_MS = 20_000;
/** Longest wait for a running owner, ms; then the command stops with a message naming it. */
export const MAX_WAIT_MS = 60_000;

const OWNER_FILE = 'owner.json';
const FORMAT = 'mazebook-writing';
const VERSION = 1;

/** Who holds a lock: what `owner.json` says. */
export interface LockOwner {
  pid: number;
  host: string;
  /** When the lock was taken, ms since 1970 (for messages only). */
  since: number;
  /** The owner process's start as the system counts it, when known (tells a reused process id apart). */
  start?: string;
}

/** A lock held: `refresh` marks it alive (between files), `release` removes it. */
export interface HeldLock {
  /**
   * The process whose abandoned lock this one took over, when it was a mazebook on this machine that is no
   * longer running: its temporaries may be left beside the outputs it was writing.
   */
  takenFrom?: number;
  refresh(): void;
  release(): void;
}

export interface LockOptions {
  /** Told once per reason when the lock is waited for or taken over; a line in the user's words. */
  onWait?: (message: string) => void;
  /** Longest wait for a running owner (default {@link MAX_WAIT_MS}). */
  maxWaitMs?: number;
  /** How the output is named in messages. */
  shown?: string;
}

/** Thrown when the lock is held too long by a running owner. */
export class LockBusyError extends Error {
  constructor(
    readonly owner: LockOwner | undefined,
    readonly waitedMs: number,
  ) {
    super('the output is locked by another process');
    this.name = 'LockBusyError';
  }
}

/** Thrown when an abandoned lock cannot be removed (it belongs to another user, the folder is read-only). */
export class AbandonedLockError extends Error {
  constructor(
    readonly lockDir: string,
    readonly reason: unknown,
  ) {
    super(`cannot remove the abandoned lock ${lockDir}`);
    this.name = 'AbandonedLockError';
  }
}

/** Longest file name the lock folder gets (255 bytes is the usual limit of one name). */
const MAX_NAME_BYTES = 200;

/**
 * A short stand-in for a file name too long to take a suffix: its start and a hash of the whole. Names up to
 * {@link MAX_NAME_BYTES} bytes are kept as they are.
 */
export function shortName(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 12);
  let head = name.slice(0, 80);
  while (Buffer.byteLength(head) > 120) head = head.slice(0, -1);
  return `${head}~${hash}`;
}

/** The lock folder of an output: `<output>.writing`, next to it. */
export function lockDirOf(target: string): string {
  return join(dirname(target), `${shortName(basename(target))}.writing`);
}

/** The start of process `pid` as the system counts it (Linux: field 22 of /proc/pid/stat), when readable. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

let ownStart: string | undefined | null = null;

function ownerOfThisProcess(): LockOwner {
  if (ownStart === null) ownStart = processStart(process.pid);
  return { pid: process.pid, host: hostname(), since: Date.now(), ...(ownStart ? { start: ownStart } : {}) };
}

/** The owner a lock folder names; undefined when missing, unreadable, or of another format or version. */
export function readOwner(lockDir: string): LockOwner | undefined {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(join(lockDir, OWNER_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  const v = value as Partial<LockOwner> & { format?: unknown; version?: unknown };
  if (v?.format !== FORMAT || v.version !== VERSION) return undefined;
  if (
    !Number.isInteger(v.pid) ||
    (v.pid ?? 0) <= 0 ||
    (v.pid ?? 0) > 2 ** 31 - 1 ||
    typeof v.host !== 'string'
  )
    return undefined;
  return {
    pid: v.pid as number,
    host: v.host,
    since: typeof v.since === 'number' ? v.since : 0,
    ...(typeof v.start === 'string' ? { start: v.start } : {}),
  };
}

/** Whether an owner on this host is still running: false when gone (or its id now names another process). */
export function ownerRunning(owner: LockOwner): boolean | undefined {
  if (owner.host !== hostname()) return undefined;
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (owner.start !== undefined) {
    const now = processStart(owner.pid);
    if (now !== undefined && now !== owner.start) return false;
  }
  return true;
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return fs.statSync(path);
  } catch {
    return undefined;
  }
}

/** Time since the lock or its owner file last changed, ms. */
function idleMs(lockDir: string): number {
  const times = [statOrUndefined(lockDir), statOrUndefined(join(lockDir, OWNER_FILE))]
    .filter((s): s is Stats => s !== undefined)
    .map((s) => s.mtimeMs);
  return times.length === 0 ? 0 : Date.now() - Math.max(...times);
}

/**
 * Removes an abandoned lock, unless it changed hands meanwhile: it is first renamed aside (atomic), and put
 * back if the owner file it holds is not the one judged abandoned.
 * @throws AbandonedLockError when it cannot be moved (another user's, a read-only folder)
 */
function removeAbandoned(lockDir: string, judged: string | undefined): void {
  const aside = `${lockDir}.${process.pid}.${Date.now()}.abandoned`;
  try {
    fs.renameSync(lockDir, aside);
  } catch (e) {
    // Gone already (another waiter took it over): try again from the start.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new AbandonedLockError(lockDir, e);
  }
  let now: string | undefined;
  try {
    now = fs.readFileSync(join(aside, OWNER_FILE), 'utf8');
  } catch {
    now = undefined;
  }
  if (now !== judged) {
    try {
      fs.renameSync(aside, lockDir);
      return;
    } catch {
      // Someone holds a new lock now; the one moved aside was theirs before: remove it below.
    }
  }
  try {
    fs.unlinkSync(join(aside, OWNER_FILE));
  } catch {}
  try {
    fs.rmdirSync(aside);
  } catch {}
}

function ownerText(lockDir: string): string | undefined {
  try {
    return fs.readFileSync(join(lockDir, OWNER_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function seconds(ms: number): string {
  return `${Math.max(0, Math.round(ms / 1000))} s`;
}

/**
 * Takes the lock on `target`, waiting for a running owner (and saying so) and taking over an abandoned lock.
 * @throws the file system's error when the lock folder cannot be made (read-only folder, no permission, disk
 *   full…), for the caller to explain; LockBusyError after waiting `maxWaitMs` for a running owner;
 *   AbandonedLockError when an abandoned lock cannot be removed
 */
export async function lockOutput(target: string, options: LockOptions = {}): Promise<HeldLock> {
  const lockDir = lockDirOf(target);
  const shown = options.shown ?? target;
  const maxWait = options.maxWaitMs ?? MAX_WAIT_MS;
  const told = new Set<string>();
  const tell = (key: string, message: string): void => {
    if (told.has(key)) return;
    told.add(key);
    options.onWait?.(message);
  };
  const began = Date.now();
  let delay = 25;
  let takenFrom: number | undefined;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      const held = hold(lockDir);
      return takenFrom === undefined ? held : { ...held, takenFrom };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const text = ownerText(lockDir);
    const owner = readOwner(lockDir);
    const running = owner ? ownerRunning(owner) : undefined;
    if (running === false) {
      tell(
        `gone ${owner?.pid}`,
        `taking over the lock on ${shown}: the mazebook that held it (process ${owner?.pid}) is no longer running`,
      );
      removeAbandoned(lockDir, text);
      takenFrom = owner?.pid;
      continue;
    }
    if (running === undefined) {
      const idle = idleMs(lockDir);
      if (idle >= STALE_MS) {
        tell(
          'abandoned',
          `taking over the lock on ${shown}: unchanged for ${seconds(idle)}, so its owner has stopped`,
        );
        removeAbandoned(lockDir, text);
        continue;
      }
      if (Date.now() - began >= maxWait) throw new LockBusyError(owner, Date.now() - began);
      tell(
        'unknown',
        owner
          ? `waiting for a mazebook on ${owner.host} (process ${owner.pid}) that is writing ${shown}; its lock counts as abandoned after ${seconds(STALE_MS)} without a change`
          : `waiting for the lock on ${shown} (${lockDir}): another program holds it; it counts as abandoned after ${seconds(STALE_MS)} without a change`,
      );
    } else {
      tell(
        `running ${owner?.pid}`,
        owner?.pid === process.pid
          ? `waiting for another write of ${shown} by this process to finish`
          : `waiting for another mazebook (process ${owner?.pid}) that is writing ${shown}`,
      );
      if (Date.now() - began >= maxWait) throw new LockBusyError(owner, Date.now() - began);
    }
    await sleep(delay);
    delay = Math.min(500, delay * 2);
  }
}

/** Writes the owner file into a lock folder just made; the lock is held from here. */
function hold(lockDir: string): HeldLock {
  const owner = ownerOfThisProcess();
  try {
    fs.writeFileSync(
      join(lockDir, OWNER_FILE),
      JSON.stringify({ format: FORMAT, version: VERSION, ...owner }),
    );
  } catch {
    // A lock without an owner file still excludes other writers; it is only judged by its age.
  }
  return {
    refresh() {
      const now = new Date();
      try {
        fs.utimesSync(lockDir, now, now);
      } catch {}
    },
    release() {
      try {
        fs.unlinkSync(join(lockDir, OWNER_FILE));
      } catch {}
      try {
        fs.rmdirSync(lockDir);
      } catch {}
    },
  };
}
