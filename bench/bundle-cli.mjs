/**
 * Bundles the `mazebook` command; `npm run build` runs it after tsc has compiled src/ into dist/.
 *
 * Starting node costs little; loading hundreds of small modules one by one (dist/ and the files of zod, yaml
 * and handlebars) made `mazebook validate` slow. This writes, from the compiled dist/:
 *
 * - dist/bundle/mazebook.cjs       the command (dist/cli/main.js), the library code it imports, eagerly or
 *                                  when a command runs, and the pure-JS packages commands use (with the
 *                                  packages those import), as one CommonJS file: node compiles a function
 *                                  only when it first runs, so what `validate` never calls (layout, PDF)
 *                                  costs little, a package is run only when a command first requires it, and
 *                                  one script can be given a V8 code cache on Node 20 (bin/mazebook.js,
 *                                  src/cli/code-cache.ts), pdfkit and fontkit included;
 * - dist/bundle/code-cache.cjs     src/cli/code-cache.ts, which bin/mazebook.js (CommonJS, so that no ES
 *                                  module loader starts) uses on Node 20;
 * - dist/bundle/puzzle-worker.js   the worker threads' entry (ESM), which src/book/parallel.ts finds beside
 *                                  the code that starts the pool (`new URL('./puzzle-worker.js', …)`).
 *
 * dist/bundle/ lies two folders below the package root, as every compiled module does (dist/<stage>/), so
 * paths modules resolve against their own URL (../../package.json, ../../docs/…, the package root) stay
 * right; in the CommonJS file `import.meta.url` is the file's own URL. Packages with native parts, or that
 * serve only some commands and are big, stay outside and load from node_modules as before: sharp, piscina,
 * @mdi/js. pdfkit reads its AFM metrics beside itself: in the bundle it is told its folder in node_modules.
 * The worker threads' script bundles only what every worker needs (pdfkit and fontkit stay outside it: a
 * worker parses its script without a code cache); modules the workers run must not import the spec's
 * schema, YAML or templates (tests/cli/start.test.ts reads the script's source map). The per-file dist/
 * stays: it is the library (`dist/index.js`) and what the tests of compiled code run.
 */
import { readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');

/** Packages bundled into the command and the worker: pure JavaScript that reads no file beside itself. */
const BUNDLED = ['commander', 'yaml', 'zod', 'handlebars'];
/**
 * Also bundled into the command, with every package they import: the PDF writer and the font engine
 * (`render` and `build` load them; in one script with the command they need no module lookups and share
 * its code cache) and the output lock.
 */
const COMMAND_ONLY = ['pdfkit', 'fontkit', 'proper-lockfile'];

/**
 * Parts of bundled packages that no command uses, replaced by small stand-ins (what each package does
 * without them is its own documented behaviour):
 * - zod's translations of its messages into other languages (`z.locales`, about a third of zod): mazebook
 *   shows its own messages, and zod's default English stays;
 * - source-map, which handlebars loads only to map precompiled templates back to their sources; without it
 *   handlebars builds the same template functions (as in its browser build).
 */
const STAND_INS = [
  {
    filter: /^\.\.\/locales\/index\.js$/,
    importer: /node_modules[\\/]zod[\\/]/,
    contents: `export { default as en } from ${JSON.stringify(join(root, 'node_modules/zod/v4/locales/en.js'))};`,
  },
  { filter: /^source-map$/, importer: /node_modules[\\/]handlebars[\\/]/, contents: 'module.exports = {};' },
  // tiny-inflate, with which unicode-trie and fontkit inflate their Unicode tables when loaded (tens of ms in
  // JavaScript): the same bytes from zlib (src/render/inflate-into.ts, tested against tiny-inflate).
  {
    filter: /^tiny-inflate$/,
    importer: /node_modules[\\/]/,
    contents: `module.exports = require(${JSON.stringify(join(root, 'dist/render/inflate-into.js'))}).inflateInto;`,
  },
  // fontkit as pdfkit requires it: mazebook's (src/text/fonts.ts `fontEngine`), whose `create` returns the
  // font already parsed for measuring from the same bytes instead of parsing it again.
  {
    filter: /^fontkit$/,
    importer: /node_modules[\\/]pdfkit[\\/]/,
    contents: `module.exports = require(${JSON.stringify(join(root, 'dist/text/fonts.js'))}).fontEngine();`,
  },
];

/**
 * commander loads node:child_process (and with it net, streams and more) when it is loaded, for
 * subcommands that are separate programs; mazebook has none, so it is loaded when first used instead.
 */
const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const COMMANDER_CHILD_PROCESS_LAZY =
  "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";

/**
 * The command's modules load pdfkit and fontkit with `createRequire(import.meta.url)(…)` (quicker than
 * `import` for the per-file dist/); in the command's bundle they become plain `require` calls, which esbuild
 * bundles. Each module must hold its call exactly once.
 */
const REQUIRE_IN_BUNDLE = [
  { file: /dist[\\/]render[\\/]pdf\.js$/, name: 'pdfkit' },
  { file: /dist[\\/]text[\\/]fonts\.js$/, name: 'fontkit' },
];

/**
 * pdfkit finds its standard fonts' metrics (`#standard-fonts/*`, its package's own imports) and its ICC
 * profile through `__filename`; bundled, it is given its own file in node_modules, found when first needed.
 */
const PDFKIT_FILENAME =
  "var __pdfkitFile; function __pdfkitFilename() { return __pdfkitFile ??= require('node:module').createRequire(__filename).resolve('pdfkit'); }\n";

/** Loads a file with its text changed where `from` occurs `count` times, or fails the build. */
function patched(path, from, to, count = 1) {
  const text = readFileSync(path, 'utf8');
  const found = text.split(from).length - 1;
  if (found !== count) throw new Error(`${path}: expected ${count} of ${from}, found ${found}`);
  return text.replaceAll(from, to);
}

/**
 * Resolves bare package names: bundled, replaced by a stand-in, or left to node. `more`: packages bundled
 * with every package they import.
 */
const packages = (more = []) => ({
  name: 'mazebook-packages',
  setup(b) {
    for (const [i, s] of STAND_INS.entries()) {
      b.onResolve({ filter: s.filter }, (args) =>
        s.importer.test(args.importer) ? { path: String(i), namespace: 'stand-in' } : undefined,
      );
    }
    b.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) => ({
      contents: STAND_INS[Number(args.path)].contents,
      resolveDir: root,
      loader: 'js',
    }));
    b.onLoad({ filter: /node_modules[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (text.split(COMMANDER_CHILD_PROCESS).length !== 2)
        throw new Error(`commander's lib/command.js no longer loads child_process as expected: ${args.path}`);
      return { contents: text.replace(COMMANDER_CHILD_PROCESS, COMMANDER_CHILD_PROCESS_LAZY), loader: 'js' };
    });
    if (more.length > 0) {
      // Every rewrite below must have happened by the end of the build (a package that moved its entry file
      // would otherwise be bundled unpatched, and fail only when run).
      const rewritten = new Set();
      for (const { file, name } of REQUIRE_IN_BUNDLE) {
        b.onLoad({ filter: file }, (args) => {
          rewritten.add(name);
          return {
            contents: patched(args.path, `createRequire(import.meta.url)('${name}')`, `require('${name}')`),
            loader: 'js',
          };
        });
      }
      b.onLoad({ filter: /node_modules[\\/]pdfkit[\\/]js[\\/]pdfkit\.js$/ }, (args) => {
        rewritten.add('pdfkit __filename');
        return {
          contents: PDFKIT_FILENAME + patched(args.path, '__filename', '__pdfkitFilename()', 2),
          loader: 'js',
        };
      });
      b.onEnd((result) => {
        if (result.errors.length > 0) return;
        for (const what of [...REQUIRE_IN_BUNDLE.map((r) => r.name), 'pdfkit __filename'])
          if (!rewritten.has(what)) throw new Error(`bundle: the rewrite for ${what} never ran`);
      });
    }
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (BUNDLED.includes(name) || more.includes(name)) return undefined;
      // What those packages import, and so on (node's own modules are left to node): esbuild reads files in
      // node_modules only for packages it bundles.
      if (more.length > 0 && /node_modules[\\/]/.test(args.importer) && !isBuiltin(name)) return undefined;
      return { path: args.path, external: true };
    });
  },
});

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  plugins: [packages()],
  // Maps to the TypeScript sources for --debug's stack traces; the sources themselves are not copied in.
  sourcemap: true,
  sourcesContent: false,
  // Without comments and indentation the script is a third smaller, and ASCII: quicker to read and parse.
  minifyWhitespace: true,
  charset: 'ascii',
  legalComments: 'none',
  logLevel: 'warning',
};

rmSync(outdir, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: ['dist/cli/main.js'],
  outfile: join(outdir, 'mazebook.cjs'),
  format: 'cjs',
  plugins: [packages(COMMAND_ONLY)],
  // A script loaded without a module loader (the Node 20 code cache) cannot `import()`: packages left
  // outside are all loadable by require.
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__mazebookUrl' },
  banner: { js: "const __mazebookUrl = require('node:url').pathToFileURL(__filename).href;" },
});
await build({
  ...common,
  entryPoints: ['dist/cli/code-cache.js'],
  outfile: join(outdir, 'code-cache.cjs'),
  format: 'cjs',
});
await build({
  ...common,
  entryPoints: ['dist/book/puzzle-worker.js'],
  outfile: join(outdir, 'puzzle-worker.js'),
  format: 'esm',
  // For bundled CommonJS code that calls require() for node's own modules.
  banner: {
    js: "import { createRequire as __mazebookRequire } from 'node:module'; const require = __mazebookRequire(import.meta.url);",
  },
});
