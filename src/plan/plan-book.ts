import { dirname, resolve } from 'node:path';
import { defaultDifficultyModel, resolveDifficultyModel } from '../analyze/model-file.js';
import { type ArtStyle, bundledPicture } from '../art/bundled-pictures.js';
import { isPictureName, PICTURE_CREDIT, pictureNames } from '../art/picture-names.js';
import { UserError } from '../base/errors.js';
import { createFileAccess, defaultPathPolicy, type FileAccess } from '../base/files.js';
import { LIMITS } from '../base/limits.js';
import { difficultyLabels } from '../base/names.js';
import type { FieldPath, LoadedYaml } from '../base/parse-yaml.js';
import { closest } from '../base/suggest.js';
import type { AlgorithmOptions } from '../generate/algorithm.js';
import type { EndPlacement } from '../generate/ends/end-placement.js';
import type { GridSize, TopologyName } from '../grid/registry.js';
import type { MaskShape } from '../mask/shape.js';
import type { LanguageCode } from '../mazegram/languages.js';
import { messageLetters } from '../mazegram/place.js';
import { deriveSeed } from '../random/derive-seed.js';
import type { BookSpec } from '../spec/schema.js';
import { toPoints } from '../spec/units.js';
import { renderTemplate } from '../text/template.js';
import type { Audience, BookPlan, FrontPage, MazegramPlan, PlanOptions, PuzzlePlan } from './book-plan.js';
import { checkGlyphs } from './check-glyphs.js';
import { type PuzzlePageGeometry, sheetGeometry } from './page-geometry.js';
import { checkUniqueIds, pageKeys } from './page-keys.js';
import type { ProfileName } from './print.js';
import { resolvePrint } from './print.js';
import { Problems } from './problems.js';
import { resolveFront } from './resolve-front.js';
import { artStyleFor } from './resolve-markers.js';
import type { MaskContext } from './resolve-mask.js';
import { resolveBleed, resolveDate, resolvePaper } from './resolve-paper.js';
import { cellsToGenerate, expandEntries, resolveFloor, resolvePuzzle } from './resolve-puzzles.js';
import { exampleReveal } from './resolve-reveal.js';
import { sizePhrase } from './resolve-size.js';
import { expectedPages, isLargePrint, resolveSolutions } from './resolve-solutions.js';
import { sheetRanges } from './sheets.js';
import { puzzleTemplateVars } from './template-vars.js';
import { type Ink, LARGE_PRINT, loadTheme, type Theme, themeForInk, themeForLargePrint } from './theme.js';
import { answerLabel, answerPointer, type Locale, type Words, wordsFor } from './words.js';

export type {
  BookPlan,
  DifficultyTarget,
  FrontPage,
  MazegramPlan,
  PlanOptions,
  PuzzlePlan,
} from './book-plan.js';
export { levelScore } from './resolve-difficulty.js';
export { puzzleTemplateVars, sizeLabel } from './template-vars.js';

/** What planning needs besides the spec: the build's file access and the pictures decoded beforehand. */
export interface PlanInputs {
  /** The build's file access (a fresh one with the default policy when absent). */
  files?: FileAccess;
  /** Image masks decoded by `preloadImages` (needed when the spec has any). */
  images?: ReadonlyMap<string, MaskShape>;
  /** Problems found before planning (while decoding pictures), reported with planning's own. */
  problems?: Problems;
  /** Where named files are looked up, when the spec is not a file (`render` flags: the working folder). */
  specDir?: string;
}

const DEFAULT_SEED = 1;
const DEFAULT_MARGIN = '15mm';

/**
 * spec → plan: expands defaults, sections and series, resolves units, paper and theme, gives every puzzle
 * its key, seed and size, and checks everything that can be checked before a maze exists (fonts have the
 * glyphs of every text, templates, masks, limits). Every problem found is reported at once.
 */
export function planBook(spec: LoadedYaml<BookSpec>, options: PlanOptions & PlanInputs = {}): BookPlan {
  const s = spec.value;
  const at = spec.placeOf;
  const problems = options.problems ?? new Problems();
  for (const e of checkUniqueIds(spec)) problems.add(e);
  const specDir = options.specDir ?? dirname(resolve(spec.file));
  const files = options.files ?? createFileAccess(defaultPathPolicy(specDir, options.allowAnyPath));
  const { ink, largePrint, theme, paper, print } = resolveInkAndPaper(spec, specDir, files, problems);
  const words = wordsFor(s.locale ?? 'en');
  const floors = {
    text: Math.max(print.rules.minText, largePrint ? LARGE_PRINT.text : 0),
    wall: largePrint ? LARGE_PRINT.wall : 0,
  };
  for (const e of largePrintSections(s, at, largePrint)) problems.add(e);
  const margins = print.margins;
  const perPage = s['per-page'] ?? 1;
  const nameDate = s['name-date'] ?? false;
  const cut = print.profile === 'home';
  const layouts = resolveLayouts(spec, paper, margins, theme, perPage, nameDate, cut, problems);
  const geometry = layouts[perPage];
  const seed = options.seed ?? s.seed ?? DEFAULT_SEED;
  const modelWhere = at(['difficulty-model']);
  const difficultyModel =
    problems.catch(() => resolveDifficultyModel(s['difficulty-model'], specDir, files, modelWhere)) ??
    defaultDifficultyModel();
  const date =
    problems.catch(() => resolveDate(s.date, options.sourceDateEpoch, 'SOURCE_DATE_EPOCH')) ?? new Date(0);

  problems.catch(() => checkGlyphs(theme, 'heading', s.title, at(['title'])));
  if (s.subtitle) problems.catch(() => checkGlyphs(theme, 'body', s.subtitle ?? '', at(['subtitle'])));
  if (s.author) problems.catch(() => checkGlyphs(theme, 'body', s.author ?? '', at(['author'])));
  const front = resolveFront({ spec: s, at, seed, date, theme, words, problems });

  const masks: MaskContext = {
    specDir,
    files,
    theme,
    images: options.images ?? new Map(),
    resolved: new Map(),
  };
  const entries = expandEntries(s, pageKeys(s));
  const ctx = {
    spec: s,
    at,
    seed,
    layouts,
    perPage,
    audience: impliedAudience(s),
    floors,
    theme,
    words,
    masks,
    markers: {
      specDir,
      files,
      theme,
      words,
      icons: new Map(),
      art: artStyleFor(theme, ink === 'black'),
      textFloor: floors.text,
    },
  };
  const planned = entries.map((entry, n) => problems.catch(() => resolvePuzzle(ctx, entry, n)));
  const puzzles = planned.filter((p): p is PuzzlePlan => p !== undefined);
  checkPuzzleGlyphs(spec, theme, puzzles, words, problems);
  const decorations = problems.catch(() => resolveDecorations(s, at, artStyleFor(theme, ink === 'black')));
  const solutions = resolveSolutions(s, words);
  problems.catch(() =>
    checkBuiltinWords(theme, words, solutions.title, s.solutions ? at(['solutions']) : spec.file),
  );
  checkPageCount(spec, front.length, entries.length, puzzles, solutions, problems);
  problems.catch(() => checkBookCells(puzzles, at(['pages'])));
  problems.throwIfAny();

  const examples = withExamples(front, puzzles, seed, floorAudience(puzzles));
  return {
    specFile: spec.file,
    specDir,
    places: {
      title: at(['title']),
      subtitle: at(['subtitle']),
      author: at(['author']),
      pages: at(['pages']),
      front: at(['front']),
      solutions: s.solutions ? at(['solutions']) : spec.file,
    },
    title: s.title,
    subtitle: s.subtitle,
    author: s.author,
    seed,
    date,
    paper,
    margins,
    theme,
    geometry,
    layouts,
    ink,
    showSeed: s['show-seed'] ?? false,
    duplex: s.duplex ?? 'long-edge',
    front: examples,
    puzzles,
    ...(decorations ? { decorations } : {}),
    // A hidden-picture book's worked example shows a bundled silhouette too.
    credits: creditsFor(
      puzzles,
      decorations !== undefined ||
        examples.some((p) => p.kind === 'instructions' && p.example?.recipe.picture?.reveal?.silhouette),
    ),
    solutions,
    showDifficulty: s['show-difficulty'] ?? 'none',
    difficultyModel,
    floor: resolveFloor(ctx),
    perPage,
    nameDate,
    print,
    floors,
    words,
    inputs: [...new Set(files.located.map((f) => f.real))],
  };
}

/**
 * The theme for the book's ink (and large print), the paper with its bleed, and the print settings. With a
 * broken theme or paper, planning goes on with the defaults to find the other problems.
 */
function resolveInkAndPaper(
  spec: LoadedYaml<BookSpec>,
  specDir: string,
  files: FileAccess,
  problems: Problems,
): {
  ink: Ink;
  largePrint: boolean;
  theme: Theme;
  paper: { width: number; height: number };
  print: BookPlan['print'];
} {
  const s = spec.value;
  const at = spec.placeOf;
  const themeWhere = s.theme ? at(['theme']) : spec.file;
  const ink = s.ink ?? defaultInk(s.profile);
  const pageTint = s['page-tint'] ?? false;
  const loaded =
    problems.catch(() => loadTheme(s.theme ?? 'classic', specDir, files, themeWhere)) ??
    loadTheme('classic', specDir, files, themeWhere);
  const largePrint = isLargePrint(s);
  const inked = themeForInk(loaded, ink, pageTint);
  const theme = largePrint ? themeForLargePrint(inked) : inked;
  const paper = problems.catch(() => resolvePaper(s, at)) ?? { width: 595.28, height: 841.89 };
  const bleed = problems.catch(() => resolveBleed(s, paper, at)) ?? 0;
  const resolved = resolvePrint(s, expectedPages(s), toPoints(DEFAULT_MARGIN));
  // A black interior is written in black ink only: greys as pure K, whatever `color` says.
  const print = {
    ...resolved,
    bleed,
    color: ink === 'black' ? ('cmyk' as const) : resolved.color,
    notes: [...resolved.notes, ...tintNotes(loaded, ink, pageTint)],
  };
  return { ink, largePrint, theme, paper, print };
}

/**
 * The puzzle page's geometry for every number of mazes a page of the book holds.
 * @throws the problems found so far when the margins leave no room for a maze: nothing can be sized then
 */
function resolveLayouts(
  spec: LoadedYaml<BookSpec>,
  paper: { width: number; height: number },
  margins: BookPlan['margins'],
  theme: Theme,
  perPage: number,
  nameDate: boolean,
  cut: boolean,
  problems: Problems,
): Record<number, PuzzlePageGeometry> {
  const s = spec.value;
  const layouts: Record<number, PuzzlePageGeometry> = {};
  for (const n of new Set([perPage, ...s.pages.flatMap((p) => p['per-page'] ?? [])])) {
    layouts[n] = sheetGeometry(paper.width, paper.height, margins, theme, n, nameDate, cut);
  }
  if (!Object.values(layouts).every((g) => g.mazeArea.width >= 36 && g.mazeArea.height >= 36)) {
    problems.add(
      new UserError(
        s.margins !== undefined ? spec.placeOf(['margins']) : spec.placeOf(['paper']),
        `the margins leave no room for a maze on ${Math.round(paper.width)}×${Math.round(paper.height)}pt paper`,
        'use smaller margins, larger paper or fewer mazes per page',
      ),
    );
    problems.throwIfAny();
  }
  return layouts;
}

/** Reports a book of more puzzles or pages than the limit: front matter, puzzle pages and answer pages. */
function checkPageCount(
  spec: LoadedYaml<BookSpec>,
  frontPages: number,
  puzzleCount: number,
  puzzles: readonly PuzzlePlan[],
  solutions: BookPlan['solutions'],
  problems: Problems,
): void {
  const sheets = sheetRanges(puzzles).length;
  const answerPages = solutions.appendix
    ? Math.ceil(puzzleCount / solutions.perPage)
    : solutions.inline
      ? sheets
      : 0;
  const pageCount = frontPages + sheets + answerPages;
  if (puzzleCount > LIMITS.maxPages || pageCount > LIMITS.maxPages) {
    problems.add(
      new UserError(
        spec.placeOf(['pages']),
        `the book would have ${puzzleCount} puzzles on ${pageCount} pages; the limit is ${LIMITS.maxPages} pages`,
        'use smaller series counts, or split the book into volumes',
      ),
    );
  }
}

/** The print-on-demand services print interiors in black ink unless the author pays for colour. */
function defaultInk(profile: ProfileName | undefined): Ink {
  return profile === 'kdp' || profile === 'lulu' || profile === 'ingram' ? 'black' : 'standard-color';
}

/**
 * What an author should know about page tints: a black-ink interior prints on white unless the theme's
 * grayscale rule asks for a tint and the spec confirms it (`page-tint: true`).
 */
function tintNotes(theme: Theme, ink: Ink, pageTint: boolean): string[] {
  const page = theme.colors.page.toLowerCase();
  const white = page === '#ffffff' || page === '#fff';
  if (ink !== 'black') {
    return pageTint ? ['page-tint applies to ink: black only; this book prints its theme as it is'] : [];
  }
  if (pageTint && !theme.grayscale.page) {
    return [
      `page-tint: theme "${theme.name}" asks for no tint in black ink (grayscale.page), so the pages stay white`,
    ];
  }
  if (!white && !pageTint) {
    return [
      `ink: black prints white pages: the page colour ${page} of theme "${theme.name}" is left out (a theme's grayscale.page tint prints with page-tint: true)`,
    ];
  }
  return [];
}

/**
 * Large print sets the whole book's text and walls, so a section cannot ask for it alone: each section that
 * does in a book that is not large print is an error.
 */
function largePrintSections(
  s: BookSpec,
  at: LoadedYaml<BookSpec>['placeOf'],
  largePrint: boolean,
): UserError[] {
  if (largePrint) return [];
  return s.pages.flatMap((page, i) =>
    page.defaults?.audience === 'large-print'
      ? [
          new UserError(
            at(['pages', i, 'defaults', 'audience']),
            'audience: large-print sets the text sizes and walls of the whole book, not of one section',
            'write audience: large-print at the top of the spec (a section may still set min-passage)',
          ),
        ]
      : [],
  );
}

/** The audience of a book whose spec names none: the kids theme is for kids. */
function impliedAudience(s: BookSpec): Audience {
  const base = typeof s.theme === 'string' ? s.theme : s.theme?.base;
  return base === 'kids' ? 'kids' : 'adults';
}

/**
 * Checks that the theme's fonts have every glyph of the puzzles' words: their titles, a rule maze's line of
 * instructions (body text) and the section headings; each problem is added to `problems`.
 */
function checkPuzzleGlyphs(
  spec: LoadedYaml<BookSpec>,
  theme: Theme,
  puzzles: readonly PuzzlePlan[],
  words: Words,
  problems: Problems,
): void {
  const s = spec.value;
  const at = spec.placeOf;
  for (const p of puzzles) problems.catch(() => checkTitleGlyphs(theme, p, s.title, words.locale));
  for (const p of puzzles) {
    const caption = p.caption;
    if (caption) problems.catch(() => checkGlyphs(theme, 'body', caption.text, caption.where));
  }
  s.pages.forEach((page, i) => {
    if (page.section !== undefined)
      problems.catch(() => checkGlyphs(theme, 'heading', page.section ?? '', at(['pages', i, 'section'])));
  });
}

/**
 * A puzzle's title as it will print (with any rating label and score, and the name of any algorithm the
 * candidate search may choose), in the heading font.
 */
function checkTitleGlyphs(theme: BookPlan['theme'], p: PuzzlePlan, book: string, locale: Locale): void {
  const { shape, size, algorithm } = p.recipe;
  const ratings = p.usesRating ? difficultyLabels.map((label) => ({ score: 10, label })) : [undefined];
  const algorithms = p.title.source.includes('algorithm')
    ? new Set([algorithm, ...p.reach.algorithms])
    : [algorithm];
  for (const a of algorithms) {
    for (const rating of ratings) {
      const vars = puzzleTemplateVars(
        p.number,
        p.number,
        book,
        p.key,
        shape,
        size,
        a,
        locale,
        rating,
        p.sectionNumber,
      );
      checkGlyphs(theme, 'heading', renderTemplate(p.title, vars), p.title.where);
    }
  }
}

/** The built-in words the book prints (headings, labels) in the theme's fonts. */
function checkBuiltinWords(
  theme: BookPlan['theme'],
  words: BookPlan['words'],
  solutions: string,
  where: string,
): void {
  checkGlyphs(theme, 'heading', `${solutions}${words.contents}${words.howToPlay}${words.example}`, where);
  checkGlyphs(
    theme,
    'body',
    `${answerLabel(words, 1234567890, 1)}${words.name}${words.date}: _${answerPointer(words, [1, 2], false)}${words.answerOnPage}${words.answersOnPage}`,
    where,
  );
}

/** Refuses a book whose mazes (candidates counted) are more than a build may generate, naming the biggest pages. */
function checkBookCells(puzzles: readonly PuzzlePlan[], where: string): void {
  const cells = puzzles.map((p) => ({ p, n: cellsToGenerate(p) }));
  const total = cells.reduce((a, c) => a + c.n, 0);
  if (total <= LIMITS.maxBookCells) return;
  const biggest = [...cells]
    .sort((a, b) => b.n - a.n || a.p.number - b.p.number)
    .slice(0, 3)
    .map(
      ({ p, n }) =>
        `puzzle ${p.number} (${p.where}): ${sizePhrase(p.recipe.shape, p.autoSize?.max ?? p.recipe.size)}${p.candidates > 1 ? ` × ${p.candidates} candidates` : ''} ≈ ${n.toLocaleString('en')} cells`,
    );
  throw new UserError(
    where,
    `the book would generate about ${total.toLocaleString('en')} cells; the limit is ${LIMITS.maxBookCells.toLocaleString('en')}`,
    `the biggest pages: ${biggest.join('; ')}. Use fewer or smaller mazes, fewer candidates, or split the book into volumes`,
  );
}

/** The audience of the book's first puzzle (the worked example is drawn for it). */
function floorAudience(puzzles: readonly PuzzlePlan[]): string {
  return puzzles[0]?.floor.audience ?? 'adults';
}

/**
 * Instructions pages with their worked example (unless the spec turns it off): a small maze of the first
 * puzzle's kind — its tiling, its markers, its sides of entry and exit (else the left and the right, or
 * the rim on a circle), bridges where it weaves, a short word of its language where it is a mazegram, a
 * small picture where it hides one — 5 × 4 cells for children, 6 × 5 else ({@link EXAMPLE_CELLS}).
 */
function withExamples(
  front: FrontPage[],
  puzzles: readonly PuzzlePlan[],
  seed: number,
  audience: string,
): FrontPage[] {
  const first = puzzles[0];
  if (!first) return front;
  const { shape } = first.recipe;
  // A hidden-picture book's example shows a small picture appearing (see `exampleReveal`).
  const reveal = first.recipe.picture?.reveal && exampleReveal(first.recipe.picture.reveal);
  const size = reveal ? reveal.size : EXAMPLE_CELLS[shape][audience === 'kids' ? 0 : 1];
  const weave = first.recipe.options.weave;
  const options: AlgorithmOptions = weave ? { straightness: 0.3, weave: 1 } : { straightness: 0.3 };
  const side = (end: EndPlacement, fallback: 'left' | 'right'): EndPlacement =>
    end.kind === 'side' || end.kind === 'centre'
      ? end
      : shape === 'circle'
        ? { kind: 'auto' }
        : { kind: 'side', side: fallback, at: 0.5 };
  const mazegram = first.mazegram && exampleMazegram(first.mazegram, first.where);
  return front.map((page) =>
    page.kind === 'instructions' && page.example === undefined && page.wantsExample
      ? {
          ...page,
          wantsExample: undefined,
          example: {
            recipe: {
              shape,
              size,
              ...(first.recipe.hexTop ? { hexTop: first.recipe.hexTop } : {}),
              // Weaving needs an algorithm with a weave variant: the first puzzle's, every crossing allowed.
              algorithm: weave ? first.recipe.algorithm : 'backtracker',
              options,
              // The first puzzle's sides, where it names them (the instructions may speak of them).
              entry: side(first.recipe.entry, 'left'),
              exit: side(first.recipe.exit, 'right'),
              ...(reveal ? { picture: { reveal: reveal.recipe } } : {}),
            },
            seeds: Array.from({ length: 32 }, (_, k) => deriveSeed(seed, '#example', k)),
            markers: first.markers,
            ...(mazegram ? { mazegram } : {}),
          },
        }
      : page,
  );
}

/** The worked example's cells by tiling, [children, else]: circles count rings. */
const EXAMPLE_CELLS: Record<TopologyName, [GridSize, GridSize]> = {
  square: [
    { columns: 5, rows: 4 },
    { columns: 6, rows: 5 },
  ],
  hex: [
    { columns: 5, rows: 4 },
    { columns: 6, rows: 5 },
  ],
  triangle: [
    { columns: 8, rows: 4 },
    { columns: 10, rows: 5 },
  ],
  octagon: [
    { columns: 4, rows: 4 },
    { columns: 5, rows: 4 },
  ],
  circle: [
    { columns: 3, rows: 3 },
    { columns: 4, rows: 4 },
  ],
};

/** A short word the worked example of a mazegram spells, by language: three or four letters of it. */
const EXAMPLE_WORDS: Record<LanguageCode, string> = {
  en: 'FUN',
  de: 'GUT',
  fr: 'OUI',
  es: 'SOL',
  nl: 'LEUK',
  it: 'CIAO',
  da: 'HEJ',
  sv: 'HEJ',
  eo: 'JES',
};

/** The first puzzle's mazegram, spelling its language's example word instead of its message. */
function exampleMazegram(first: MazegramPlan, where: string): MazegramPlan {
  const { letters, words, shown } = messageLetters(
    EXAMPLE_WORDS[first.language.code],
    first.language,
    first.case,
    where,
  );
  return { ...first, message: shown, letters: letters.length, shown, words, blanks: false };
}

/** The book's `decorations`: bundled pictures by name (one for both corners, or left and right). */
function resolveDecorations(
  s: BookSpec,
  at: (path: FieldPath) => string,
  art: ArtStyle,
): BookPlan['decorations'] | undefined {
  const names = s.decorations;
  if (!names) return undefined;
  const icons = names.map((name, i) => {
    if (isPictureName(name)) return bundledPicture(name, art);
    const guess = closest(name, pictureNames);
    throw new UserError(
      at(['decorations', i]),
      `unknown picture "${name}"`,
      `${guess ? `did you mean "${guess}"? ` : ''}bundled pictures: ${pictureNames.join(', ')}`,
    );
  });
  return { left: icons[0], right: icons[1] ?? icons[0] };
}

/**
 * The credit lines bundled art asks for, when any puzzle shows a bundled picture (a marker, a hidden
 * silhouette) or the pages are decorated.
 */
function creditsFor(puzzles: readonly PuzzlePlan[], decorated: boolean): string[] {
  const bundled =
    decorated ||
    puzzles.some((p) => {
      const pictures = p.markers.pictures;
      return (
        (!!pictures && (isPictureName(pictures.start.name) || isPictureName(pictures.finish.name))) ||
        p.recipe.picture?.reveal?.silhouette !== undefined
      );
    });
  return bundled ? [PICTURE_CREDIT] : [];
}
