import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers, declaredLayers, importGraph, moduleSpecifiers } from './import-graph.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURE = join(import.meta.dirname, 'fixture');

describe('the layers of src/', () => {
  const layers = declaredLayers(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
  const report = checkLayers(join(ROOT, 'src'), layers);

  it('are declared in docs/architecture.md, naming every folder of src/ once', () => {
    expect(new Set(layers).size).toBe(layers.length);
    expect(report.unnamed).toEqual([]);
    expect(report.missing).toEqual([]);
  });

  it('are kept: no module imports from a later layer (type imports and import() included)', () => {
    expect(report.upward).toEqual([]);
  });

  it('hold no files that import each other in a circle', () => {
    expect(report.circles).toEqual([]);
  });

  it('are read from every import of src/', () => {
    // A parser that missed a kind of import would pass the checks above on too few edges: every relative
    // `from '…'` and `import('…')` written in src/ must be an edge of the graph.
    const { files, edges } = importGraph(join(ROOT, 'src'));
    const written = files.map(
      (f) =>
        readFileSync(join(ROOT, 'src', f), 'utf8').match(/(from|import\() ?'\.\.?\/[^']*'/g)?.length ?? 0,
    );
    expect(files.length).toBeGreaterThan(200);
    expect(edges.length).toBe(written.reduce((a, b) => a + b, 0));
    expect(edges.some((e) => e.typeOnly)).toBe(true);
    const cli = edges.filter((e) => e.from === 'cli/main.ts').map((e) => e.to);
    expect(cli).toContain('base/package-root.ts'); // an import() inside a command
  });
});

describe('the layer check', () => {
  const report = checkLayers(FIXTURE, ['low', 'high']);

  it('reports every upward import: a type import, an import() call and an import type', () => {
    expect(report.upward).toEqual([
      'low/shape.ts:2 imports high/drawing.ts (types): low may not import high, a later layer',
      'low/shape.ts:11 imports high/drawing.ts: low may not import high, a later layer',
      'low/shape.ts:15 imports high/drawing.ts (types): low may not import high, a later layer',
    ]);
  });

  it('reports a circle with its files, and files at the root as above every layer', () => {
    // drawing.ts ↔ shape.ts is a circle too (through the upward imports); index.ts imports both layers freely.
    expect(report.circles).toEqual([
      'high/drawing.ts → low/shape.ts → high/drawing.ts',
      'high/ping.ts → high/pong.ts → high/ping.ts',
    ]);
    expect(report.upward.some((u) => u.startsWith('index.ts'))).toBe(false);
  });

  it('reports folders the order leaves out and names that are no folder', () => {
    expect(report.unnamed).toEqual(['stray']);
    expect(checkLayers(FIXTURE, ['low', 'high', 'stray', 'ghost']).missing).toEqual(['ghost']);
  });

  it('passes the same tree when the order allows it', () => {
    const ok = checkLayers(join(FIXTURE, 'high'), []);
    expect(ok.upward).toEqual([]);
    expect(checkLayers(FIXTURE, ['high', 'low', 'stray']).upward.map((u) => u.split(' ')[0])).toEqual([
      'high/drawing.ts:2',
    ]);
  });

  it('reads every form of import', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "import { type C, type D } from './c.js';",
      "import { type E, f } from './e.js';",
      "export { g } from './g.js';",
      "export type { H } from './h.js';",
      "export * from './i.js';",
      "const j = await import('./j.js');",
      "type K = import('./k.js').K;",
      "const l = require('./l.js');",
      "import m = require('./m.js');",
      "import './n.js';",
    ].join('\n');
    expect(moduleSpecifiers('x.ts', text).map((s) => `${s.specifier} ${s.line} ${s.typeOnly}`)).toEqual([
      './a.js 1 false',
      './b.js 2 true',
      './c.js 3 true',
      './e.js 4 false',
      './g.js 5 false',
      './h.js 6 true',
      './i.js 7 false',
      './j.js 8 false',
      './k.js 9 true',
      './l.js 10 false',
      './m.js 11 false',
      './n.js 12 false',
    ]);
  });

  it('requires exactly one declared order', () => {
    expect(declaredLayers('text\n    layers: a < b <c\nmore')).toEqual(['a', 'b', 'c']);
    expect(() => declaredLayers('no order here')).toThrow(/found 0/);
    expect(() => declaredLayers('layers: a < b\nlayers: b < a')).toThrow(/found 2/);
  });
});
