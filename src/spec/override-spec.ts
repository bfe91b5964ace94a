import type { FieldPath, LoadedYaml } from '../base/parse-yaml.js';
import type { BookSpec, CoverSpec } from './schema.js';

/**
 * Values that replace a spec's own for one build, written somewhere else (a catalogue's entry for the book):
 * top-level fields replace the spec's, `cover` fields are merged into its cover section (which is made when
 * the spec has none). Each value is already checked against the spec's schema for its field.
 */
export interface SpecOverrides {
  values: Partial<Omit<BookSpec, 'cover'>> & { cover?: CoverSpec };
  /** `file:line:col` where the value at `path` (`['title']`, `['cover', 'blurb']`, `['cover']`) was written. */
  placeOf(path: FieldPath): string;
}

/**
 * The spec with the overrides applied. Messages about an overridden field name the place the override was
 * written; every other field keeps its place in the spec.
 */
export function applyOverrides(
  loaded: LoadedYaml<BookSpec>,
  overrides: SpecOverrides | undefined,
): LoadedYaml<BookSpec> {
  if (!overrides) return loaded;
  const { cover, ...top } = overrides.values;
  const defined = Object.fromEntries(Object.entries(top).filter(([, v]) => v !== undefined));
  const value: BookSpec = { ...loaded.value, ...defined };
  const madeCover = cover !== undefined && loaded.value.cover === undefined;
  if (cover !== undefined) {
    const own = Object.fromEntries(Object.entries(cover).filter(([, v]) => v !== undefined));
    value.cover = { ...(loaded.value.cover ?? {}), ...own };
  }
  const overridden = (path: FieldPath): boolean => {
    const [first, second] = path;
    if (first === 'cover') {
      if (madeCover) return true;
      return second !== undefined && cover?.[second as keyof CoverSpec] !== undefined;
    }
    return first !== undefined && first in defined;
  };
  return {
    value,
    file: loaded.file,
    placeOf: (path) => (overridden(path) ? overrides.placeOf(path) : loaded.placeOf(path)),
  };
}
