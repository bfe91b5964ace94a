import {
  type Document,
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type Pair,
  parseDocument,
  visit,
} from 'yaml';
import type { z } from 'zod';
import { joinProblems, UserError } from './errors.js';
import { decodeText, excerpt, type FileAccess, type FileRef } from './files.js';
import { LIMITS } from './limits.js';
import { dropExtensionKeys, type FieldPath, isExtensionKey, keysAt } from './schema-keys.js';
import { closest, listOf } from './suggest.js';
import { checkYamlDepth } from './yaml-depth.js';
import { duplicateKeyError, explainYamlSyntax, explainYamlValues } from './yaml-syntax.js';

export type { FieldPath } from './schema-keys.js';

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

export interface YamlOptions {
  /**
   * What the file is (`spec`, `theme`, `difficulty model`), for messages. A spec's own mistakes may be quoted
   * in them; a file of another kind whose keys are none of its kind's is refused without quoting any of it
   * (it may be any file given by mistake).
   */
  kind?: string;
}

/**
 * Parses YAML text and validates it against a schema. Nesting is bounded before parsing (checkYamlDepth);
 * syntax errors, a second document and the first schema violations become UserErrors at `file:line:col`
 * naming the field, what was expected and, where possible, a "did you mean" hint. Merge keys (`<<: *base`)
 * are honoured, and the places of merged values are where they were written; keys starting with `x-` are
 * extension fields, ignored in every mapping whose keys are mazebook's own.
 */
export function parseYaml<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
  options: YamlOptions = {},
): LoadedYaml<z.infer<S>> {
  const kind = options.kind ?? 'spec';
  checkYamlDepth(text, file, kind);
  const lineCounter = new LineCounter();
  // Duplicate keys are found below: the yaml package's own check compares each key with every key before it
  // (a mapping of 40,000 keys took a minute; 80,000, five).
  const doc = parseDocument(text, {
    lineCounter,
    uniqueKeys: false,
    prettyErrors: false,
    strict: true,
    merge: true,
  });
  const at = (offset: number): string => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  if (doc.errors.length > 0) throw explainYamlSyntax(doc.errors[0], text, at, kind);
  const duplicate = firstDuplicateKey(doc);
  if (duplicate !== undefined) throw duplicateKeyError(at(duplicate));
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: LIMITS.maxAliases });
  } catch (e) {
    throw explainYamlValues(e, file, unresolvedAlias(doc, at));
  }
  if (data === null || data === undefined) data = {};
  if (kind !== 'spec') checkKindOfFile(data, schema, kind, at(0));
  dropExtensionKeys(data, schema);

  const placeOf = (path: FieldPath): string => {
    const node = nodeAt(doc, path);
    return node?.range ? at(node.range[0]) : at(0);
  };
  const keyPlaceOf = (path: FieldPath, key: string): string => {
    const pair = pairOf(doc, nodeAt(doc, path), key);
    return isScalar(pair?.key) && pair.key.range ? at(pair.key.range[0]) : placeOf(path);
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

/** Offset of the first key written twice in one mapping (merge keys aside), if any; in linear time. */
function firstDuplicateKey(doc: Document): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key) || isMergePair(pair)) continue;
        const value = pair.key.value;
        const id = `${typeof value}:${String(value)}`;
        if (seen.has(id)) {
          const offset = pair.key.range?.[0] ?? 0;
          if (found === undefined || offset < found) found = offset;
          return undefined;
        }
        seen.add(id);
      }
      return undefined;
    },
  });
  return found;
}

/** `file:line:col` of the first alias (`*name`) that names no anchor before it, if any. */
function unresolvedAlias(doc: Document, at: (offset: number) => string): string | undefined {
  let place: string | undefined;
  visit(doc, {
    Alias(_, node) {
      if (node.resolve(doc) !== undefined) return undefined;
      place = at(node.range?.[0] ?? 0);
      return visit.BREAK;
    },
  });
  return place;
}

/**
 * Refuses a file that is plainly not of its kind — a mapping none of whose keys its kind has (extension keys
 * aside) — without quoting any of it.
 */
function checkKindOfFile(data: unknown, schema: z.ZodType, kind: string, where: string): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
  const keys = Object.keys(data).filter((k) => !isExtensionKey(k));
  const known = new Set(keysAt(schema, []));
  if (keys.length > 0 && !keys.some((k) => known.has(k))) {
    throw new UserError(
      where,
      `is not a ${kind}: none of its keys is one a ${kind} has`,
      `is this the right file? A ${kind} has keys such as ${[...known].slice(0, 4).join(', ')}`,
    );
  }
}

function compareOffsets(a: string, b: string): number {
  const pa = a.split(':').slice(-2).map(Number);
  const pb = b.split(':').slice(-2).map(Number);
  return pa[0] - pb[0] || pa[1] - pb[1];
}

/** Whether a pair is a merge key (`<<: *base`). */
function isMergePair(pair: Pair): boolean {
  return isScalar(pair.key) && (typeof pair.key.value === 'symbol' || pair.key.value === '<<');
}

/**
 * The pair of `key` in a mapping as its values are read: its own pair, else the first of its merge sources
 * (`<<: *base` or `<<: [*a, *b]`, in order, and their own merges) that has one.
 */
function pairOf(doc: Document, map: unknown, key: string, depth = 0): Pair | undefined {
  if (!isMap(map) || depth > LIMITS.maxAliases) return undefined;
  const own = map.items.find(
    (p) => isPair(p) && !isMergePair(p) && isScalar(p.key) && String(p.key.value) === key,
  );
  if (own) return own;
  for (const p of map.items) {
    if (!isMergePair(p)) continue;
    const sources = isSeq(p.value) ? p.value.items : [p.value];
    for (const source of sources) {
      const found = pairOf(doc, isAlias(source) ? source.resolve(doc) : source, key, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** The node written for the value at `path` (or its nearest written ancestor); merged values are followed. */
function nodeAt(doc: Document, path: FieldPath): Node | undefined {
  let node: unknown = doc.contents;
  let last: Node | undefined = isNode(node) ? node : undefined;
  for (const key of path) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      node = pairOf(doc, node, String(key))?.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
    } else {
      return last;
    }
    if (isAlias(node)) node = node.resolve(doc) ?? node;
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

/** Reads a located YAML file (spec or theme) through the build's file access and validates it. */
export function loadYamlRef<S extends z.ZodType>(
  files: FileAccess,
  ref: FileRef,
  schema: S,
): LoadedYaml<z.infer<S>> {
  const text = decodeText(files.read(ref), ref.shownAs, ref.from, ref.kind);
  return parseYaml(text, ref.shownAs, schema, { kind: ref.kind });
}
