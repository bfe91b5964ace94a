import { type FSWatcher, statSync, watch } from 'node:fs';
import { dirname, join } from 'node:path';

/** Saves often come as several events (truncate, write, rename); wait this long after the last one. */
export const SETTLE_MS = 200;

/**
 * Watches a growing set of files — the spec and every file a build asked for, also files that do not exist
 * yet — by watching their folders (an editor that saves by renaming replaces the file itself). Once events on
 * watched files stop for `settleMs`, `changed` is called with the files they named. `close()` stops it all.
 */
export class FileWatch {
  private readonly files = new Set<string>();
  private readonly folders = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly changed: (files: string[]) => void,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /** Adds files (absolute paths) to watch. */
  add(paths: Iterable<string>): void {
    if (this.closed) return;
    for (const p of paths) this.files.add(p);
    for (const dir of new Set([...this.files].map((f) => dirname(f)))) {
      if (this.folders.has(dir)) continue;
      try {
        const w = watch(dir, (_event, name) => this.event(dir, name?.toString()));
        w.on('error', () => {
          w.close();
          this.folders.delete(dir);
        });
        this.folders.set(dir, w);
      } catch {
        // A folder that does not exist (yet): the next add() tries again.
      }
    }
  }

  private event(dir: string, name: string | undefined): void {
    // Without a name the platform does not say which file: count it as all of that folder's files.
    const hit = name
      ? [join(dir, name)].filter((f) => this.files.has(f))
      : [...this.files].filter((f) => dirname(f) === dir);
    if (hit.length === 0 || this.closed) return;
    for (const f of hit) this.pending.add(f);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const files = [...this.pending].sort();
      this.pending.clear();
      if (!this.closed) this.changed(files);
    }, this.settleMs);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const w of this.folders.values()) w.close();
    this.folders.clear();
  }
}

/** Size, modification time and inode of each file ('-' for an absent one), by path. */
export function fileStamps(paths: Iterable<string>): Map<string, string> {
  const stamps = new Map<string, string>();
  for (const p of paths) {
    try {
      const st = statSync(p);
      stamps.set(p, `${st.size}:${st.mtimeMs}:${st.ino}`);
    } catch {
      stamps.set(p, '-');
    }
  }
  return stamps;
}

/** Whether any of `paths` differs from its stamp in `then` (a path `then` lacks counts as changed). */
export function changedSince(then: ReadonlyMap<string, string>, paths: Iterable<string>): boolean {
  const now = fileStamps(paths);
  for (const [p, stamp] of now) if (then.get(p) !== stamp) return true;
  return false;
}
