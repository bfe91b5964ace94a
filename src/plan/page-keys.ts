import { UserError } from '../base/errors.js';
import type { LoadedYaml } from '../base/parse-yaml.js';
import { murmur3 } from '../random/murmur3.js';
import type { BookSpec } from '../spec/schema.js';

const encoder = new TextEncoder();

/** Key order-independent JSON, so `{a, b}` and `{b, a}` give the same page key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A page's key is its `id`; otherwise `m<hash>` of the maze options it writes itself (title aside), with
 * `-2`, `-3`… for later pages that write the same options. Editing, inserting or moving one page therefore
 * leaves the other pages' mazes alone (except pages identical to the one inserted, which renumber).
 * Section entries get an empty key.
 */
export function pageKeys(s: BookSpec): string[] {
  const seen = new Map<string, number>();
  const ids = new Set(s.pages.map((p) => p.id).filter((id) => id !== undefined));
  return s.pages.map((page) => {
    if (page.section !== undefined) return '';
    if (page.id !== undefined) return page.id;
    const what = page.series ? { series: page.series } : (page.maze ?? {});
    const base = `${page.series ? 's' : 'm'}${murmur3(encoder.encode(canonicalJson(what)), 0)
      .toString(16)
      .padStart(8, '0')}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const key = n === 1 ? base : `${base}-${n}`;
    return ids.has(key) ? `${key}~` : key;
  });
}

/** Every page id used once; one problem per repeated id. */
export function checkUniqueIds(spec: LoadedYaml<BookSpec>): UserError[] {
  const first = new Map<string, number>();
  const problems: UserError[] = [];
  spec.value.pages.forEach((page, i) => {
    if (page.id === undefined) return;
    const prev = first.get(page.id);
    if (prev !== undefined) {
      problems.push(
        new UserError(
          spec.placeOf(['pages', i, 'id']),
          `page id "${page.id}" is already used by pages[${prev}]`,
          'every page id must be unique',
        ),
      );
    } else first.set(page.id, i);
  });
  return problems;
}
