import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One function of a source file and its span in lines (first to last line of its text, both counted). */
export interface FunctionSpan {
  /** `file:line` of its first line, the file relative to the folder scanned. */
  where: string;
  /** Its name: declared, the variable or property it is assigned to, or `<anonymous>`. */
  name: string;
  lines: number;
}

/** Every function declaration, method, constructor, accessor, function expression and arrow function in `text`. */
export function functionSpans(file: string, text: string): FunctionSpan[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: FunctionSpan[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.end).line;
      out.push({ where: `${file}:${first + 1}`, name: nameOf(node, sf), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText(sf);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(sf);
  return '<anonymous>';
}

/** The functions of every .ts file under `dir` longer than `limit` lines, longest first. */
export function longFunctions(dir: string, limit: number): FunctionSpan[] {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk(dir);
  return files
    .sort()
    .flatMap((p) => functionSpans(relative(dir, p), readFileSync(p, 'utf8')))
    .filter((f) => f.lines > limit)
    .sort((a, b) => b.lines - a.lines);
}
