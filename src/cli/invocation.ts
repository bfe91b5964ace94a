import { realpathSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, sep } from 'node:path';
import { PACKAGE_ROOT } from '../base/package-root.js';

/**
 * How the user can run mazebook again from the folder they are in, as shell words, for commands printed as
 * advice (`init`'s next steps):
 *
 * - found on the PATH in a `node_modules/.bin` folder (how `npx` and `npm exec` run it, from a project or from
 *   npm's cache): `npx mazebook`, which works wherever that did (`npm_command`, which npm also sets, is
 *   inherited by every process an npm-run tool starts, so it does not tell);
 * - a `mazebook` on the PATH that is this very installation: `mazebook`;
 * - otherwise (a checkout, a copy run with node): `node <path>/bin/mazebook.js`, the path relative to the
 *   working folder when it is inside it.
 */
export function mazebookCommand(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  platform: NodeJS.Platform = process.platform,
): string {
  const bin = join(PACKAGE_ROOT, 'bin', 'mazebook.js');
  const own = realOrUndefined(bin);
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const found = realOrUndefined(join(dir, 'mazebook'));
    if (found === undefined || found !== own) continue;
    return /node_modules[\\/]\.bin[\\/]?$/.test(dir) ? 'npx mazebook' : 'mazebook';
  }
  const rel = relative(cwd, bin);
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? `.${sep}${rel}` : bin;
  return `node ${shellQuote(shown, platform)}`;
}

function realOrUndefined(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? realpathSync.native(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One argument as a shell reads it back unchanged: as it is when it holds only safe characters, else in
 * single quotes (POSIX shells; a quote inside written '\''), or double quotes on Windows.
 */
export function shellQuote(arg: string, platform: NodeJS.Platform = process.platform): string {
  if (/^[A-Za-z0-9_@%+=:,./\\-]+$/.test(arg) && !(platform !== 'win32' && arg.includes('\\'))) return arg;
  if (platform === 'win32') return `"${arg.replace(/"/g, '""')}"`;
  return `'${arg.replace(/'/g, "'\\''")}'`;
}
