import { isDeepStrictEqual } from 'node:util';
import { isAlias, isMap, isScalar, isSeq, type Node, parseDocument, Scalar, type YAMLMap } from 'yaml';
import { UserError } from '../base/errors.js';

/**
 * Writes or removes one page's `seed:` in the text of a spec, and changes nothing else: every comment, blank
 * line, quote and bracket of the file stays as the author wrote it.
 *
 * The yaml package's document API finds the page and the exact source range of each of its fields; the text
 * is then changed only there (re-printing the whole document would re-space the other flow collections, e.g.
 * `[8, 10]` → `[ 8, 10 ]`). The result is parsed again and must equal the old document with only that page's
 * seed changed; anything else is refused before a byte is written.
 */

/** One text change: `removed` characters at `at` replaced by `inserted`. */
interface Splice {
  at: number;
  removed: number;
  inserted: string;
}

const apply = (text: string, s: Splice): string =>
  text.slice(0, s.at) + s.inserted + text.slice(s.at + s.removed);

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** Where the line holding `at` ends (before its `\n` or `\r\n`). */
function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  if (nl < 0) return text.length;
  return text[nl - 1] === '\r' ? nl - 1 : nl;
}

/** Where the line after the one holding `at` starts. */
function nextLineStart(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
}

/** The end of the last non-blank character before `at`. */
function trimmedEnd(text: string, at: number): number {
  let end = at;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  return end;
}

function rangeOf(node: unknown): [number, number, number] {
  const range = (node as Node | null)?.range;
  if (!range) throw new Error('internal: a parsed YAML node without a source range');
  return range;
}

/** The page's mapping node, or a UserError saying why the page cannot be edited in place. */
function pageMap(text: string, page: number, file: string) {
  const doc = parseDocument(text, { uniqueKeys: true, strict: true });
  if (doc.errors.length > 0) {
    throw new UserError(file, 'the spec has a YAML error', 'fix the spec first, then re-roll');
  }
  const pages = doc.get('pages', true);
  const item: unknown = isSeq(pages) ? pages.items[page] : undefined;
  if (isAlias(item)) {
    throw new UserError(
      file,
      `pages[${page}] is an alias of another page, so its seed cannot be set on it alone`,
      'write the page out in full to re-roll it',
    );
  }
  if (!isMap(item) || !item.range) {
    throw new UserError(file, `pages[${page}] is not a mapping`, 'the page must be written as fields');
  }
  return { doc, map: item as YAMLMap.Parsed, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

type ParsedPair = YAMLMap.Parsed['items'][number];

function seedPair(map: YAMLMap.Parsed): ParsedPair | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === 'seed');
}

/** The ways to write `seed: n` into a page that has none, the tidiest first. */
function insertions(text: string, map: YAMLMap.Parsed, seed: number, eol: string): Splice[] {
  const field = `seed: ${seed}`;
  const [start, end] = rangeOf(map);
  if (map.items.length === 0) return [{ at: start, removed: end - start, inserted: `{ ${field} }` }];
  const last = map.items[map.items.length - 1];
  const lastEnd = rangeOf(last.value ?? last.key)[1];
  if (map.flow) return [{ at: lastEnd, removed: 0, inserted: `, ${field}` }];
  const firstKey = rangeOf(map.items[0].key)[0];
  const indent = ' '.repeat(firstKey - lineStart(text, firstKey));
  return [
    // A line of its own after the page's last field (after any comment on that line)…
    { at: lineEnd(text, trimmedEnd(text, lastEnd)), removed: 0, inserted: `${eol}${indent}${field}` },
    // …or, where that would fall inside the last field (a block scalar keeping its blank lines), before the first.
    { at: firstKey, removed: 0, inserted: `${field}${eol}${indent}` },
  ];
}

/** The ways to take `seed:` out of a page. */
function removals(text: string, map: YAMLMap.Parsed, pair: ParsedPair): Splice[] {
  const index = map.items.indexOf(pair);
  const keyStart = rangeOf(pair.key)[0];
  const valueEnd = rangeOf(pair.value ?? pair.key)[1];
  const [start, end] = rangeOf(map);
  if (map.items.length === 1) return [{ at: start, removed: end - start, inserted: '{}' }];
  const next = map.items[index + 1];
  const untilNext = next ? [{ at: keyStart, removed: rangeOf(next.key)[0] - keyStart, inserted: '' }] : [];
  if (map.flow) {
    if (index === 0) return untilNext;
    const prevEnd = rangeOf(map.items[index - 1].value ?? map.items[index - 1].key)[1];
    return [{ at: prevEnd, removed: valueEnd - prevEnd, inserted: '' }];
  }
  const from = lineStart(text, keyStart);
  const to = nextLineStart(text, trimmedEnd(text, valueEnd));
  const wholeLines = text.slice(from, keyStart).trim() === '';
  const out = wholeLines ? [{ at: from, removed: to - from, inserted: '' }] : [];
  return [...out, ...untilNext];
}

/**
 * The spec's text with `pages[page].seed` set to `seed`, or removed when `seed` is undefined. An existing
 * seed's value is replaced where it stands; a new one goes on a line of its own after the page's last field
 * (`, seed: n` before the `}` of a page written as `{ … }`).
 * @param file the spec as messages show it
 * @throws UserError when the page cannot be edited in place (a YAML error, an alias)
 */
export function setPageSeed(text: string, page: number, seed: number | undefined, file: string): string {
  const { doc, map, eol } = pageMap(text, page, file);
  const pair = seedPair(map);
  let candidates: Splice[];
  if (seed === undefined) {
    if (!pair) return text;
    candidates = removals(text, map, pair);
  } else if (pair) {
    if (!isScalar(pair.value)) {
      throw new UserError(file, `pages[${page}].seed is not a number`, 'write it as a whole number');
    }
    const [at, end] = rangeOf(pair.value);
    candidates = [{ at, removed: end - at, inserted: String(seed) }];
  } else {
    candidates = insertions(text, map, seed, eol);
  }
  const wanted = doc.toJS() as { pages: Record<string, unknown>[] };
  if (seed === undefined) delete wanted.pages[page].seed;
  else wanted.pages[page].seed = seed;
  for (const splice of candidates) {
    const edited = apply(text, splice);
    const check = parseDocument(edited, { uniqueKeys: true, strict: true });
    if (check.errors.length === 0 && isDeepStrictEqual(check.toJS(), wanted)) return edited;
  }
  throw new Error(
    `internal: could not ${seed === undefined ? 'remove' : 'write'} the seed of pages[${page}]`,
  );
}

/** The seed written on `pages[page]` of a spec's text, if any. */
export function pageSeedOf(text: string, page: number): number | undefined {
  const pages = parseDocument(text).get('pages', true);
  const item = isSeq(pages) ? pages.items[page] : undefined;
  const value = isMap(item) ? item.get('seed', true) : undefined;
  return value instanceof Scalar && typeof value.value === 'number' ? value.value : undefined;
}
