#!/usr/bin/env node
// CommonJS (bin/package.json), so starting the command does not start node's ES module loader.
//
// The command is one bundled script, written by `npm run build` (bench/bundle-cli.mjs). Its compiled code
// is kept between runs, in a folder of the system's temp folder (NODE_DISABLE_COMPILE_CACHE=1 turns it off):
// by node itself from 22.1 on, by src/cli/code-cache.ts before.
const module_ = require('node:module');
const { join } = require('node:path');

const bundle = join(__dirname, '..', 'dist', 'bundle', 'mazebook.js');
if (process.argv.includes('--debug') || process.env.MAZEBOOK_DEBUG === '1') {
  // Stack traces name the TypeScript sources (through the bundle's source map), not the bundle.
  process.setSourceMapsEnabled(true);
  require(bundle);
} else if (module_.enableCompileCache) {
  module_.enableCompileCache();
  require(bundle);
} else {
  const { codeCacheDir, commandKey, runCached } = require('../dist/bundle/code-cache.js');
  const run = runCached(bundle, codeCacheDir(), commandKey(process.argv.slice(2)));
  process.once('exit', () => run.save());
}
