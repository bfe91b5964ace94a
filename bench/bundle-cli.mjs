/**
 * Bundles the package: the library, the `mazebook` command and the worker threads' script, as one set of
 * files in dist/bundle/; `npm run build` runs it after tsc has compiled src/ into dist/. npm's package
 * holds these files and the declarations (the .d.ts files of dist/), not the per-file dist/, so each module of
 * mazebook is in the package once.
 *
 * Starting node costs little; loading hundreds of small modules one by one (dist/ and the files of zod, yaml
 * and handlebars) made `mazebook validate` slow. One esbuild build of every entry point, split into shared
 * chunks (each chunk holds the modules the same set of entry points and lazily loaded parts reach):
 *
 * - dist/bundle/index.js           the library, for `import` and `require` alike (package.json `exports`);
 * - dist/bundle/mazebook.js        the command (dist/cli/main.js); what a command loads when it runs
 *                                  (`import()` in main.ts) is in chunks of its own, loaded then;
 * - dist/bundle/puzzle-worker.js   the worker threads' entry, which src/book/parallel.ts finds beside the
 *                                  code that starts the pool (`new URL('./puzzle-worker.js', …)`); it
 *                                  loads only the chunks of what the workers run (no spec schema, YAML or
 *                                  templates, no package: tests/cli/start.test.ts reads their source maps);
 * - dist/bundle/code-cache.js      src/cli/code-cache.ts, with which bin/mazebook.js (CommonJS, so that no ES
 *                                  module loader starts) runs the command from a V8 code cache on Node 20;
 * - dist/bundle/pdfkit.js, fontkit.js   the two packages with what they import, loaded when first used;
 * - dist/bundle/chunk-*.js         the modules shared between these; zod, yaml, handlebars and commander
 *                                  are bundled where they are used.
 *
 * Every file is CommonJS (dist/bundle/package.json): loadable by `require` on every Node the package
 * supports, and by `import` (node reads the export names esbuild annotates). Source maps hold the sources
 * they name (TypeScript for mazebook's modules), for --debug's stack traces.
 *
 * dist/bundle/ lies two folders below the package root, as every compiled module does (dist/<stage>/), so
 * paths modules resolve against their own URL (../../package.json, ../../docs/…, the package root) stay
 * right; `import.meta.url` is each file's own URL. Packages with native parts, or that serve only some
 * commands and are big, stay outside and load from node_modules: sharp, piscina. pdfkit reads its
 * standard fonts and ICC profile beside itself: in the bundle it is told its file in node_modules. The
 * per-file dist/ stays for the tests of compiled code.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');

/** Packages bundled into the command and the worker: pure JavaScript that reads no file beside itself. */
const BUNDLED = ['commander', 'yaml', 'zod', 'handlebars'];
/**
 * Also bundled into the command, with every package they import: the PDF writer and the font engine
 * (`render` and `build` load them; in one script with the command they need no module lookups and share
 * its code cache).
 */
const COMMAND_ONLY = ['pdfkit', 'fontkit'];

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
 * `import` for the per-file dist/). In the bundle each of the two is a file of its own, with every package
 * it imports (dist/bundle/pdfkit.js, fontkit.js), and those calls require that file: split at a `require`,
 * the package's code is read only when it is first loaded (the worker threads and `validate` never load
 * them; were they in the chunk of the module that requires them, they would be read with it). Each module
 * must hold its call exactly once.
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
            contents: patched(
              args.path,
              `createRequire(import.meta.url)('${name}')`,
              `require('mazebook-bundle:${name}').default`,
            ),
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
    // The package files of REQUIRE_IN_BUNDLE: required beside the chunk, each built as an entry point.
    b.onResolve({ filter: /^mazebook-bundle:/ }, (args) => ({
      path: `./${args.path.slice('mazebook-bundle:'.length)}.js`,
      external: true,
    }));
    b.onResolve({ filter: /^mazebook-entry:/ }, (args) => ({
      path: args.path.slice('mazebook-entry:'.length),
      namespace: 'package-entry',
    }));
    b.onLoad({ filter: /.*/, namespace: 'package-entry' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      resolveDir: root,
      loader: 'js',
    }));
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

/** The package's entry points, as dist/bundle/<name>.js. */
const ENTRIES = {
  // The library: what `import … from 'mazebook'` and `require('mazebook')` load.
  index: 'dist/index.js',
  // The command (bin/mazebook.js).
  mazebook: 'dist/cli/main.js',
  // The worker threads' script, which src/book/parallel.ts finds beside the code that starts the pool.
  'puzzle-worker': 'dist/book/puzzle-worker.js',
  // The Node 20 code cache bin/mazebook.js starts the command with.
  'code-cache': 'dist/cli/code-cache.js',
  // pdfkit and fontkit with the packages they import (REQUIRE_IN_BUNDLE).
  ...Object.fromEntries(REQUIRE_IN_BUNDLE.map(({ name }) => [name, `mazebook-entry:${name}`])),
};

/** Prepended to every file: `import.meta.url` (defined as this) is the file's own URL, as in dist/. */
const URL_BANNER = "const __mazebookUrl = require('node:url').pathToFileURL(__filename).href;";

/**
 * Fails the build where mazebook's code loads a bundled CommonJS package with `import()` (`await
 * import('yaml')`): esbuild makes that package a chunk of its own whose only export is `default` (the
 * package's `module.exports`), so `const { stringify } = await import('yaml')` finds no `stringify` in the
 * bundle, although it works from the per-file dist/ and the sources (node gives a CommonJS module's names
 * to `import()`). Such a package is imported statically, by a module that is itself loaded with `import()`
 * when it is needed (src/cli/sheet-yaml.ts).
 */
function refuseDynamicCommonJs(metafile) {
  const wrong = Object.values(metafile.outputs).filter(
    (o) =>
      o.entryPoint !== undefined &&
      /(^|[\\/])node_modules[\\/]/.test(o.entryPoint) &&
      o.exports.length === 1 &&
      o.exports[0] === 'default',
  );
  if (wrong.length > 0)
    throw new Error(
      `bundle: a CommonJS package is loaded with import(), which gives only its default export in the bundle: ${wrong.map((o) => o.entryPoint).join(', ')}; import it statically in a module that is loaded with import()`,
    );
}

rmSync(outdir, { recursive: true, force: true });
// One build of every entry point, split into shared chunks: each module of mazebook is in one file only,
// which the library, the command and the worker threads all load. esbuild splits ES modules only; each
// file is then made CommonJS (below).
const split = await build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [packages(COMMAND_ONLY)],
  write: false,
  // Inline, for the step below to carry on: maps back to the TypeScript sources (tsc's maps, with the
  // sources inside: tsconfig.build.json's inlineSources).
  sourcemap: 'inline',
  sourcesContent: true,
  // Without comments and indentation the files are a third smaller, and ASCII: quicker to read and parse.
  minifyWhitespace: true,
  charset: 'ascii',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
refuseDynamicCommonJs(split.metafile);

// Each file as CommonJS (dist/bundle/package.json says so): it can be loaded with `require` on every Node
// the package supports (from ES modules too: the export names are annotated for node), started without
// the ES module loader, and run from a V8 code cache on Node 20 (bin/mazebook.js, src/cli/code-cache.ts).
// `import()` of a chunk becomes `require` (a script run from the code cache has no module loader).
mkdirSync(outdir, { recursive: true });
writeFileSync(join(outdir, 'package.json'), '{\n  "type": "commonjs"\n}\n');
for (const file of split.outputFiles) {
  const name = basename(file.path);
  const out = await transform(file.text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__mazebookUrl' },
    banner: URL_BANNER,
    sourcefile: name,
    // Stack traces of --debug name the TypeScript sources; the map holds them, as npm's package has no src/.
    sourcemap: 'external',
    sourcesContent: true,
    minifyWhitespace: true,
    charset: 'ascii',
    legalComments: 'none',
    logLevel: 'warning',
    // fontkit repeats a key in one object literal (the later wins, as it did before this step).
    logOverride: { 'duplicate-object-key': 'silent' },
  });
  writeFileSync(file.path, `${out.code}//# sourceMappingURL=${name}.map\n`);
  writeFileSync(`${file.path}.map`, out.map);
}
