/**
 * Every user file a build reads (spec, themes, fonts, pictures), by absolute path, so `build --watch` knows
 * what to watch. Reading is synchronous and single-threaded, so a module-level set is enough.
 */
const read = new Set<string>();

export function noteRead(path: string): void {
  read.add(path);
}

/** The files read since the process started, in the order first read. */
export function filesRead(): string[] {
  return [...read];
}
