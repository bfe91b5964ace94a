import { basename, dirname, extname, resolve } from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import { UserError } from '../base/errors.js';
import {
  createFileAccess,
  decodeText,
  defaultPathPolicy,
  type FileAccess,
  type FileRef,
} from '../base/files.js';
import { type FieldPath, type LoadedYaml, loadYamlRef } from '../base/parse-yaml.js';
import { checkYamlDepth } from '../base/yaml-depth.js';
import { shownPath } from '../book/outputs.js';
import { Problems } from '../plan/problems.js';
import type { SpecOverrides } from '../spec/override-spec.js';
import {
  BOOK_ID,
  type CatalogueBookSpec,
  type CatalogueDefaults,
  type CatalogueSpec,
  catalogueSchema,
} from './catalogue-schema.js';

/** One book of a catalogue, resolved: its spec found (inside the catalogue's folder), its id and values. */
export interface CatalogueBook {
  /** Position in `books:`, from 0. */
  index: number;
  /** The book's folder in the output and the stem of its files. */
  id: string;
  /** The spec's absolute path, and as messages show it. */
  spec: string;
  specShown: string;
  /** `file:line:col` of the book's entry in the catalogue. */
  where: string;
  /** The catalogue's values that replace the spec's (a cover is always made: a bundle has one). */
  overrides: SpecOverrides;
  volume?: number;
  series?: string;
  keywords?: string[];
  /** Everything the catalogue says of the book, as data (part of what decides whether it is up to date). */
  values: Record<string, unknown>;
}

export interface Catalogue {
  /** The catalogue file's absolute path, and as messages show it. */
  file: string;
  shown: string;
  name: string;
  books: CatalogueBook[];
  /** The real paths of the catalogue and every spec it names (no output may replace one). */
  inputs: string[];
}

/** Fields of a book that replace its spec's top-level fields, and those that go into its `cover`. */
const TOP_FIELDS = ['title', 'subtitle', 'author', 'seed', 'date'] as const;
const COVER_FIELDS = ['blurb', 'badge', 'paper-stock'] as const;

/**
 * Reads a catalogue and resolves its books: each spec through the file door (relative to the catalogue, inside
 * its folder unless `allowAnyPath`), never the catalogue itself nor another catalogue; each book an id, no two
 * alike. Every problem found is reported at once, located in the catalogue.
 */
export function loadCatalogue(path: string, options: { allowAnyPath?: boolean } = {}): Catalogue {
  const abs = resolve(path);
  const dir = dirname(abs);
  const files = createFileAccess(defaultPathPolicy(dir, options.allowAnyPath));
  const ref = files.given(abs, shownPath(abs), 'catalogue');
  const loaded = loadYamlRef(files, ref, catalogueSchema);
  const problems = new Problems();
  const books: CatalogueBook[] = [];
  const ids = new Map<string, CatalogueBook>();
  loaded.value.books.forEach((raw, index) => {
    const entry: CatalogueBookSpec = typeof raw === 'string' ? { spec: raw } : raw;
    const specPlace = loaded.placeOf(typeof raw === 'string' ? ['books', index] : ['books', index, 'spec']);
    const specRef = problems.catch(() => locateSpec(files, ref, dir, entry.spec, specPlace, options));
    if (!specRef) return;
    const book = resolveBook(loaded, index, entry, specRef);
    const twin = ids.get(book.id);
    if (twin) {
      problems.add(
        new UserError(
          loaded.placeOf(entry.id ? ['books', index, 'id'] : ['books', index]),
          `books[${index}] and books[${twin.index}] (${twin.where}) have the same id "${book.id}": both would write the folder ${book.id}/`,
          `give one of them its own id, e.g. id: ${book.id}-${index + 1}`,
        ),
      );
      return;
    }
    ids.set(book.id, book);
    books.push(book);
  });
  problems.throwIfAny();
  return {
    file: abs,
    shown: loaded.file,
    name: loaded.value.catalogue,
    books,
    inputs: [...new Set(files.located.map((f) => f.real))],
  };
}

/**
 * Finds a book's spec: relative to the catalogue, inside its folder; not the catalogue itself, nor a file
 * that is a catalogue.
 */
function locateSpec(
  files: FileAccess,
  catalogue: FileRef,
  dir: string,
  name: string,
  where: string,
  options: { allowAnyPath?: boolean },
): FileRef {
  let ref: FileRef;
  try {
    ref = files.named(dir, name, where, 'spec');
  } catch (e) {
    if (e instanceof UserError && e.what.includes('outside the folders')) {
      throw new UserError(
        e.where,
        e.what.replace('a book may read from', 'a catalogue may name'),
        options.allowAnyPath
          ? undefined
          : 'move the spec into the catalogue’s folder (or a folder inside it), or pass --allow-any-path if you trust this catalogue',
      );
    }
    throw e;
  }
  if (ref.real === catalogue.real) {
    throw new UserError(
      where,
      `names the catalogue itself (${catalogue.shownAs}): a catalogue lists book specs`,
      'name a book spec (a YAML file with title: and pages:)',
    );
  }
  const text = decodeText(files.read(ref), ref.shownAs, where, 'spec');
  if (isCatalogueText(text, ref.shownAs)) {
    throw new UserError(
      where,
      `names another catalogue (${ref.shownAs}): a catalogue lists book specs, not catalogues`,
      'list that catalogue’s books here, or build it with its own mazebook batch',
    );
  }
  return ref;
}

/** Whether a YAML text is a catalogue: a mapping with a `books` or `catalogue` key and no `pages`. */
export function isCatalogueText(text: string, shown: string): boolean {
  try {
    checkYamlDepth(text, shown, 'spec');
  } catch {
    return false;
  }
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return false;
  const keys = new Set(doc.contents.items.map((p) => (isScalar(p.key) ? String(p.key.value) : '')));
  return (keys.has('books') || keys.has('catalogue')) && !keys.has('pages');
}

/** A book's id when the catalogue gives none: its spec's name (and volume), in the characters an id takes. */
export function defaultBookId(specPath: string, volume: number | undefined): string {
  const stem = basename(specPath, extname(specPath))
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 56)
    .replace(/[-_]+$/, '');
  const id = `${stem || 'book'}${volume !== undefined ? `-${volume}` : ''}`;
  return BOOK_ID.test(id) ? id : 'book';
}

/** A book's id, values and overrides, from its entry and the catalogue's defaults. */
function resolveBook(
  loaded: LoadedYaml<CatalogueSpec>,
  index: number,
  entry: CatalogueBookSpec,
  spec: FileRef,
): CatalogueBook {
  const defaults: CatalogueDefaults = loaded.value.defaults ?? {};
  const own = entry as Record<string, unknown>;
  const shared = defaults as Record<string, unknown>;
  const value = (key: string): unknown => own[key] ?? shared[key];
  /** Where a catalogue value was written: the entry's own key, else the defaults', else the entry. */
  const placeOfKey = (key: string): string => {
    const path: FieldPath =
      own[key] !== undefined
        ? ['books', index, key]
        : shared[key] !== undefined
          ? ['defaults', key]
          : ['books', index];
    return loaded.placeOf(path);
  };
  const top = Object.fromEntries(TOP_FIELDS.filter((k) => value(k) !== undefined).map((k) => [k, value(k)]));
  const cover = Object.fromEntries(
    COVER_FIELDS.filter((k) => value(k) !== undefined).map((k) => [k, value(k)]),
  );
  const overrides: SpecOverrides = {
    values: { ...top, cover },
    placeOf: (path) => {
      const key = path[0] === 'cover' ? path[1] : path[0];
      return typeof key === 'string' && value(key) !== undefined
        ? placeOfKey(key)
        : loaded.placeOf(['books', index]);
    },
  };
  const id = entry.id ?? defaultBookId(spec.path, entry.volume);
  const series = value('series') as string | undefined;
  const keywords = value('keywords') as string[] | undefined;
  return {
    index,
    id,
    spec: spec.path,
    specShown: shownPath(spec.path),
    where: loaded.placeOf(['books', index]),
    overrides,
    ...(entry.volume !== undefined ? { volume: entry.volume } : {}),
    ...(series !== undefined ? { series } : {}),
    ...(keywords !== undefined ? { keywords } : {}),
    values: {
      catalogue: loaded.value.catalogue,
      id,
      volume: entry.volume,
      series,
      keywords,
      overrides: overrides.values,
    },
  };
}
