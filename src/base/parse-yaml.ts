import { isMap, isNode, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { z } from 'zod';
import { joinProblems, UserError } from './errors.js';
import { decodeText, excerpt, type FileAccess, type FileRef } from './files.js';
import { LIMITS } from './limits.js';
import { closest, listOf } from './suggest.js';

export type FieldPath = readonly (string | number)[];

/** A validated YAML file that still knows where each of its values was written. */
export interface LoadedYaml<T> {
  value: T;
  /** The file as shown in messages. */
  file: string;
  /** `file:line:col` of the value at `path` (or of its nearest written ancestor). */
  placeOf(path: FieldPath): string;
}

/** `pages[3].maze.cells` */
export function formatPath(path: FieldPath): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out;
}

/**
 * Parses YAML text and validates it against a schema. Syntax errors and the first schema violation become a
 * UserError at `file:line:col` naming the field, what was expected and, where possible, a "did you mean" hint.
 */
export function parseYaml<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
): LoadedYaml<z.infer<S>> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true });
  const at = (offset: number): string => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  if (doc.errors.length > 0) {
    const err = doc.errors[0];
    const what = err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new UserError(at(err.pos[0]), `YAML syntax error: ${what}`, yamlHint(err.code));
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: LIMITS.maxAliases });
  } catch (e) {
    throw new UserError(
      file,
      `YAML could not be read: ${(e as Error).message}`,
      'avoid deeply nested aliases',
    );
  }
  if (data === null || data === undefined) data = {};

  const placeOf = (path: FieldPath): string => {
    const node = nodeAt(doc.contents, path);
    return node?.range ? at(node.range[0]) : at(0);
  };
  const keyPlaceOf = (path: FieldPath, key: string): string => {
    const parent = nodeAt(doc.contents, path);
    if (isMap(parent)) {
      for (const pair of parent.items) {
        if (isScalar(pair.key) && String(pair.key.value) === key && pair.key.range)
          return at(pair.key.range[0]);
      }
    }
    return placeOf(path);
  };

  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.flatMap((issue) =>
      explain(issue, [], data, schema, placeOf, keyPlaceOf),
    );
    // In place order; at one place an unknown key comes first, since it usually explains a "required" one.
    problems.sort((a, b) => compareOffsets(a.where, b.where) || (a.rank ?? 1) - (b.rank ?? 1));
    throw joinProblems(problems.map((p) => new UserError(p.where, p.what, p.hint)));
  }
  return { value: result.data, file, placeOf };
}

function compareOffsets(a: string, b: string): number {
  const pa = a.split(':').slice(-2).map(Number);
  const pb = b.split(':').slice(-2).map(Number);
  return pa[0] - pb[0] || pa[1] - pb[1];
}

function yamlHint(code: string): string | undefined {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'each key may appear once per mapping';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'check the indentation and that every "key: value" has a space after the colon';
    case 'TAB_AS_INDENT':
      return 'indent with spaces, not tabs';
    default:
      return 'quote text that contains ":" or "#", and indent nested items consistently';
  }
}

function nodeAt(root: unknown, path: FieldPath): Node | undefined {
  let node: unknown = root;
  let last: Node | undefined = isNode(root) ? root : undefined;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key),
      );
      node = pair?.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
    } else {
      return last;
    }
    if (!isNode(node)) return last;
    last = node;
  }
  return last;
}

interface Problem {
  where: string;
  what: string;
  hint?: string;
  /** Lower sorts first among problems at the same place. */
  rank?: number;
}

type Issue = z.core.$ZodIssue;

function valueAt(data: unknown, path: FieldPath): unknown {
  let v: unknown = data;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

function show(value: unknown): string {
  if (typeof value === 'string') return `"${excerpt(value, 40)}"`;
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'nothing (null)';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

function explain(
  issue: Issue,
  prefix: FieldPath,
  data: unknown,
  schema: z.ZodType,
  placeOf: (p: FieldPath) => string,
  keyPlaceOf: (p: FieldPath, key: string) => string,
): Problem[] {
  const path = [...prefix, ...(issue.path as (string | number)[])];
  const field = formatPath(path);
  const label = field ? `${field}: ` : '';
  const value = valueAt(data, path);
  const where = placeOf(path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const known = keysAt(schema, path);
        const guess = closest(key, known);
        return {
          rank: 0,
          where: keyPlaceOf(path, key),
          what: `${label}unknown key "${key}"`,
          hint: guess
            ? `did you mean "${guess}"?`
            : known.length
              ? `valid keys here: ${known.join(', ')}`
              : undefined,
        };
      });
    case 'invalid_union': {
      // A branch the value fits the kind of (its problems are inside it, or about its size or form) explains
      // better than the union's list; a wrong type or a different literal means "not this branch".
      const deeper = issue.errors.filter((branch) =>
        branch.every((i) => i.path.length > 0 || (i.code !== 'invalid_type' && i.code !== 'invalid_value')),
      );
      if (deeper.length === 1) {
        return deeper[0].flatMap((i) => explain(i, path, data, schema, placeOf, keyPlaceOf));
      }
      // The union's own message lists every form; a near miss of one of its words gets a suggestion.
      const words = issue.errors.flatMap((branch) =>
        branch.flatMap((i) =>
          i.code === 'invalid_value' && i.path.length === 0 ? i.values.map(String) : [],
        ),
      );
      const guess = typeof value === 'string' ? closest(value, words) : undefined;
      return [
        {
          where,
          what: `${label}${issue.message} (got ${show(value)})`,
          hint: guess ? `did you mean "${guess}"?` : undefined,
        },
      ];
    }
    case 'invalid_type':
      if (path.length === 0) {
        // The whole file is not a mapping: it is not a spec or theme at all; quote none of it.
        return [
          {
            where,
            what: `the file is not a mapping of keys to values (it holds ${show(value).startsWith('"') ? 'text' : show(value)})`,
            hint: 'is this the right file?',
          },
        ];
      }
      if (value === undefined)
        return [{ where, what: `${label}is required (${expectedName(issue.expected)})` }];
      return [{ where, what: `${label}expected ${expectedName(issue.expected)}, got ${show(value)}` }];
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const small = issue.code === 'too_small';
      if (issue.origin === 'array') {
        const n = Array.isArray(value) ? value.length : 0;
        return [
          {
            where,
            what: `${label}${small ? `needs at least ${bound}` : `may have at most ${bound}`} item${bound === 1 ? '' : 's'} (got ${n})`,
          },
        ];
      }
      if (issue.origin === 'string') {
        const n = typeof value === 'string' ? [...value].length : 0;
        if (small && bound <= 1) return [{ where, what: `${label}must not be empty` }];
        return [
          {
            where,
            what: small
              ? `${label}needs at least ${bound} characters (got ${n})`
              : `${label}may have at most ${bound} characters (got ${n})`,
          },
        ];
      }
      if (issue.message && !issue.message.startsWith('Too '))
        return [{ where, what: `${label}${issue.message} (got ${show(value)})` }];
      const rel = small
        ? issue.inclusive
          ? 'at least'
          : 'more than'
        : issue.inclusive
          ? 'at most'
          : 'less than';
      return [{ where, what: `${label}must be ${rel} ${bound} (got ${show(value)})` }];
    }
    case 'invalid_value': {
      const options = issue.values.map((v) => String(v));
      const guess = typeof value === 'string' ? closest(value, options) : undefined;
      return [
        {
          where,
          what: `${label}expected ${listOf(options.map((o) => (typeof issue.values[0] === 'string' ? `"${o}"` : o)))} (got ${show(value)})`,
          hint: guess ? `did you mean "${guess}"?` : undefined,
        },
      ];
    }
    default:
      return [{ where, what: `${label}${issue.message} (got ${show(value)})` }];
  }
}

function expectedName(expected: string): string {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'int':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'a mapping of keys to values';
    default:
      return expected;
  }
}

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  in?: z.ZodType;
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/** Keys an object schema accepts at `path` (through optionals, arrays and unions), for "did you mean". */
function keysAt(schema: z.ZodType, path: FieldPath): string[] {
  const found = new Set<string>();
  const walk = (s: z.ZodType, rest: FieldPath): void => {
    const def = defOf(s);
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'nullable':
      case 'readonly':
        if (def.innerType) walk(def.innerType, rest);
        return;
      case 'pipe':
        if (def.in) walk(def.in, rest);
        return;
      case 'union':
        for (const o of def.options ?? []) walk(o, rest);
        return;
      case 'array':
        if (rest.length > 0 && def.element) walk(def.element, rest.slice(1));
        return;
      case 'object':
        if (rest.length === 0) {
          for (const k of Object.keys(def.shape ?? {})) found.add(k);
        } else {
          const next = def.shape?.[String(rest[0])];
          if (next) walk(next, rest.slice(1));
        }
        return;
      default:
        return;
    }
  };
  walk(schema, path);
  return [...found];
}

/** Reads a located YAML file (spec or theme) through the build's file access and validates it. */
export function loadYamlRef<S extends z.ZodType>(
  files: FileAccess,
  ref: FileRef,
  schema: S,
): LoadedYaml<z.infer<S>> {
  const text = decodeText(files.read(ref), ref.shownAs, ref.from, ref.kind);
  return parseYaml(text, ref.shownAs, schema);
}
