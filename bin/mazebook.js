#!/usr/bin/env node
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// The command is one bundled script, written by `npm run build` (bench/bundle-cli.mjs). Its compiled code
// is kept between runs, in a folder of the system's temp folder (NODE_DISABLE_COMPILE_CACHE=1 turns it off):
// by node itself from 22.1 on, by dist/cli/code-cache.js before.
const bundle = fileURLToPath(new URL('../dist/bundle/mazebook.cjs', import.meta.url));
if (module.enableCompileCache) {
  module.enableCompileCache();
  module.createRequire(import.meta.url)(bundle);
} else {
  const { codeCacheDir, commandKey, runCached } = await import('../dist/cli/code-cache.js');
  const run = runCached(bundle, codeCacheDir(), commandKey(process.argv.slice(2)));
  process.once('exit', () => run.save());
}
