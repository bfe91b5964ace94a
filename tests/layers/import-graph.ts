import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a source tree and the layering rule over it (docs/architecture.md, "Layers"): the
 * folders of src/ form layers in a declared order, a module imports only from its own layer and earlier
 * ones, and no files import each other in a circle. Every way one module can name another counts: import and
 * export declarations (type-only ones too), `import()` calls, `import('…')` types and `require('…')`.
 */

/** One import of one module by another, both as paths relative to the tree's root with `/` separators. */
export interface ImportEdge {
  from: string;
  to: string;
  /** 1-based line of the import in `from`. */
  line: number;
  /** Erased when compiled (`import type`, an `import('…')` type): it still counts. */
  typeOnly: boolean;
}

/**
 * The layer order declared in a document: the one line `layers: a < b < c` (leading spaces and a code
 * block around it allowed).
 * @throws Error when the document holds no such line or more than one
 */
export function declaredLayers(markdown: string): string[] {
  const lines = markdown.split('\n').filter((l) => /^\s*layers:/.test(l));
  if (lines.length !== 1) {
    throw new Error(`expected one line "layers: a < b < …", found ${lines.length}`);
  }
  return lines[0]
    .replace(/^\s*layers:/, '')
    .split('<')
    .map((s) => s.trim());
}

/** Every .ts file under `dir`, as absolute paths, in a fixed order. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sourceFiles(path);
      return e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
    });
}

/** The module specifiers a file names, with their lines and whether the naming is erased by the compiler. */
export function moduleSpecifiers(
  fileName: string,
  text: string,
): { specifier: string; line: number; typeOnly: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; line: number; typeOnly: boolean }[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined, typeOnly: boolean) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ specifier: literal.text, line, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const allTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) add(node, node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The imports between the .ts files under `root`: relative specifiers only (packages and `node:` modules
 * are no layer), `.js` read as the `.ts` it is compiled from; targets outside `root` or not .ts are left out.
 */
export function importGraph(root: string): { files: string[]; edges: ImportEdge[] } {
  const abs = resolve(root);
  const files = sourceFiles(abs);
  const rel = (p: string) => relative(abs, p).split(sep).join('/');
  const edges: ImportEdge[] = [];
  for (const file of files) {
    for (const { specifier, line, typeOnly } of moduleSpecifiers(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
      const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
      if (!target.endsWith('.ts') || !existsSync(target)) continue;
      const to = rel(target);
      if (to.startsWith('../')) continue;
      edges.push({ from: rel(file), to, line, typeOnly });
    }
  }
  return { files: files.map(rel), edges };
}

/** The layer of a file: its first folder; a file at the root (the library's entry) is above every layer. */
export function layerOf(file: string): string | undefined {
  const slash = file.indexOf('/');
  return slash < 0 ? undefined : file.slice(0, slash);
}

export interface LayerReport {
  /** Folders of the tree the order does not name, and names in the order that are no folder. */
  unnamed: string[];
  missing: string[];
  /** One line per import of a later layer: `file:line imports target (a → b)`. */
  upward: string[];
  /** One line per circle: its files in import order, the first repeated at the end. */
  circles: string[];
}

/** Checks a tree against a layer order. */
export function checkLayers(root: string, layers: readonly string[]): LayerReport {
  const { files, edges } = importGraph(root);
  const folders = [...new Set(files.map(layerOf).filter((l) => l !== undefined))];
  const rank = new Map(layers.map((l, i) => [l, i]));
  const rankOf = (file: string) => {
    const layer = layerOf(file);
    return layer === undefined ? Number.POSITIVE_INFINITY : (rank.get(layer) ?? Number.NaN);
  };
  const upward = edges
    .filter((e) => rankOf(e.to) > rankOf(e.from))
    .map(
      (e) =>
        `${e.from}:${e.line} imports ${e.to}${e.typeOnly ? ' (types)' : ''}: ${layerOf(e.from)} may not import ${layerOf(e.to)}, a later layer`,
    );
  return {
    unnamed: folders.filter((f) => !rank.has(f)),
    missing: layers.filter((l) => !folders.includes(l)),
    upward,
    circles: circlesOf(files, edges),
  };
}

/**
 * The circles of an import graph: for each group of files that reach each other (a strongly connected
 * component, Tarjan's algorithm), one circle through them, shortest from the group's first file.
 */
export function circlesOf(files: readonly string[], edges: readonly ImportEdge[]): string[] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || next.get(v)!.includes(v)) groups.push(group.sort());
  };
  for (const f of files) if (!index.has(f)) connect(f);
  return groups.map((group) => shortestCircle(group, next).join(' → '));
}

/** The shortest circle from the group's first file back to itself, through files of the group. */
function shortestCircle(group: readonly string[], next: ReadonlyMap<string, string[]>): string[] {
  const start = group[0];
  const inGroup = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i];
    for (const w of next.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = cameFrom.get(u)!) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...group, start];
}
