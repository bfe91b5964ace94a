import { type FSWatcher, statSync, watch } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createFileAccess, defaultPathPolicy, type FileAccess } from '../base/files.js';

/** Saves often come as several events; wait this long after the last one before rebuilding. */
const SETTLE_MS = 250;

/** How the watch loop reports: errors and the list of files watched. */
export interface WatchIo {
  /** Prints a failed build's error (user or internal), and goes on watching. */
  error(e: unknown): void;
  info(line: string): void;
}

/** Size and modification time of each file (absent files too), to tell whether a file changed meanwhile. */
function stamp(paths: Iterable<string>): string {
  const parts: string[] = [];
  for (const p of paths) {
    try {
      const st = statSync(p);
      parts.push(`${p}:${st.size}:${st.mtimeMs}`);
    } catch {
      parts.push(`${p}:-`);
    }
  }
  return parts.join('|');
}

/**
 * `build --watch`: builds, then rebuilds whenever the spec or any file a build asked for (themes, fonts,
 * pictures — also files that did not exist yet) is saved. The spec's folder is watched before the first build
 * starts, so edits made during it are not missed; a save during a build queues one more build; a build that
 * fails while one of its files is still being written is rebuilt quietly once the file settles. Nothing a build
 * throws ends the watch; only Ctrl-C does.
 * @param build one build, reading through the file access it is given
 */
export async function watchBuild(
  specPath: string,
  allowAnyPath: boolean,
  build: (files: FileAccess) => Promise<void>,
  io: WatchIo,
): Promise<never> {
  const spec = resolve(specPath);
  const wanted = new Set<string>([spec]);
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), SETTLE_MS);
  };
  const watchFolders = (): void => {
    for (const dir of new Set([...wanted].map((f) => dirname(f)))) {
      if (watchers.has(dir)) continue;
      try {
        const w = watch(dir, (_event, name) => {
          if (!name || wanted.has(join(dir, name.toString()))) {
            if (running) again = true;
            else schedule();
          }
        });
        w.on('error', () => {
          w.close();
          watchers.delete(dir);
        });
        watchers.set(dir, w);
      } catch {
        // A folder that does not exist (yet): its parent's next build will try again.
      }
    }
  };
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const files = createFileAccess(defaultPathPolicy(dirname(spec), allowAnyPath));
    const before = stamp(wanted);
    try {
      await build(files);
    } catch (e) {
      // A file saved while the build read it: build again rather than report a half-written file.
      if (stamp(wanted) !== before) again = true;
      else io.error(e);
    }
    for (const f of files.wanted) wanted.add(f);
    running = false;
    watchFolders();
    io.info(`watching ${wanted.size} file${wanted.size > 1 ? 's' : ''} for changes (Ctrl-C to stop)`);
    if (again) {
      again = false;
      schedule();
    }
  };
  watchFolders();
  await run();
  return new Promise<never>(() => {});
}
