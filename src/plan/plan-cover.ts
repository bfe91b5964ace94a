import { UserError } from '../base/errors.js';
import type { FileAccess } from '../base/files.js';
import type { FieldPath, LoadedYaml } from '../base/parse-yaml.js';
import { closest } from '../base/suggest.js';
import type { MaskShape } from '../mask/shape.js';
import type { BookSpec, CoverSpec, MazeSpec, PaperStock, ThemeOverride } from '../spec/schema.js';
import { mm, toPoints } from '../spec/units.js';
import { textWidth } from '../text/fonts.js';
import type { BookPlan, PuzzlePlan } from './book-plan.js';
import { checkGlyphs } from './check-glyphs.js';
import {
  type CoverGeometry,
  coverGeometry,
  coverRules,
  inches,
  isPrintOnDemand,
  SAFE,
  spineWidth,
  stocksOf,
} from './cover-geometry.js';
import {
  badgeParagraphs,
  type CoverFonts,
  fitText,
  inkExtent,
  plainText,
  type TextBlock,
} from './cover-text.js';
import { type CoverBack, layoutBack } from './layout-back.js';
import { Problems } from './problems.js';
import type { Rect } from './rect.js';
import { artStyleFor } from './resolve-markers.js';
import { resolveFont } from './resolve-mask.js';
import { resolvePuzzle } from './resolve-puzzles.js';
import { loadTheme, type Theme } from './theme.js';

/**
 * The plan of a cover: its sheet geometry for the interior's page count, its theme and fonts, every text set
 * in its box, the front-art maze planned like a puzzle (key `#cover`, seeded from the book seed), the puzzles
 * shown on the back and the spine text. Plain data, like the book plan.
 */
export interface CoverPlan {
  /** `file:line:col` of the `cover` section. */
  where: string;
  stock: PaperStock;
  geometry: CoverGeometry;
  /** CMYK for print-on-demand profiles, RGB otherwise. */
  color: 'rgb' | 'cmyk';
  theme: Theme;
  fonts: CoverFonts;
  front: FrontLayout;
  back: CoverBack;
  spine?: SpineText;
  /** The front-art maze, planned like a puzzle. */
  art: PuzzlePlan;
  /** Clear passage the art maze keeps at least, points. */
  minPassage: number;
  /** The ebook front (1600×2560 px), laid out on a page of the trim's width. */
  ebook?: { width: number; height: number; front: FrontLayout };
  /** Things the author should know (no spine text, and why). */
  notes: string[];
}

export interface FrontLayout {
  title: TextBlock;
  subtitle?: TextBlock;
  author?: TextBlock;
  /** The round badge (`cover.badge`): its circle, pt, and its text set inside it. */
  badge?: { cx: number; cy: number; r: number; text: TextBlock };
  /** Maze-pattern bands (`cover.pattern`), pt: across the top and the bottom of the front, into the bleed. */
  bands: Rect[];
  /** Where the art maze and its start/finish markers go. */
  artFrame: Rect;
  /** The art maze's own area (the frame less room for its markers). */
  artArea: Rect;
}

/** The spine's one line of text, set down the spine (rotated a quarter turn clockwise, read top to bottom). */
export interface SpineText {
  size: number;
  /** Baseline position across the spine (x), and where the line starts down it (y), points. */
  baseline: number;
  title: { text: string; y: number };
  author?: { text: string; y: number };
}

/** What planning a cover needs besides the book plan. */
export interface CoverInputs {
  spec: LoadedYaml<BookSpec>;
  book: BookPlan;
  /** The interior's final page count. */
  pages: number;
  files: FileAccess;
  images: ReadonlyMap<string, MaskShape>;
  /** Clear passage the book's audience needs, points; 3mm when the plan sets none. */
  minPassage?: number;
}

const MM = 72 / 25.4;
/** The art maze when the spec names none: a round maze, as classic maze books have on their covers. */
const DEFAULT_ART: MazeSpec = { shape: 'circle', passage: '9mm' };
/** Front text never below this size (the blurb and labels follow the profile's smallest text, at least 9pt). */
const MIN_FRONT_TEXT = 10;

/** Plans the `cover` section of a spec, collecting every problem (UserErrors) into one. */
export function planCover(inputs: CoverInputs): CoverPlan {
  const { spec, book } = inputs;
  const c = spec.value.cover;
  if (!c) throw new Error('internal: planCover without a cover section');
  const at = (p: FieldPath) => spec.placeOf(['cover', ...p]);
  const problems = new Problems();
  const profile = book.print.profile;
  const stocks = stocksOf(profile);
  const stock = c['paper-stock'] ?? 'white';
  if (!stocks.includes(stock)) {
    problems.add(
      new UserError(
        at(['paper-stock']),
        `paper-stock ${stock} is not offered by profile ${profile}`,
        `choose ${stocks.join(', ')}`,
      ),
    );
    problems.throwIfAny();
  }
  const theme = problems.catch(() => coverTheme(spec, c, book, inputs.files)) ?? book.theme;
  const ctx = { specDir: book.specDir, files: inputs.files, theme };
  /** A font the cover names (`fonts.bold`, `fonts.italic`), or undefined when it names none or it is bad. */
  const named = (key: 'bold' | 'italic') => {
    const name = c.fonts?.[key];
    return name === undefined ? undefined : problems.catch(() => resolveFont(name, ctx, at(['fonts', key])));
  };
  const italic = named('italic');
  const fonts: CoverFonts = {
    heading: theme.fonts.heading,
    body: theme.fonts.body,
    bold: named('bold') ?? theme.fonts.heading,
    ...(italic ? { italic } : {}),
  };
  const pod = isPrintOnDemand(profile);
  const rules = coverRules(profile);
  const bleed = pod ? rules.bleed * 72 : book.print.bleed;
  const spine = spineWidth(profile, stock, inputs.pages);
  const geometry = coverGeometry(
    book.paper.width,
    book.paper.height,
    spine,
    bleed,
    inputs.pages,
    c.barcode ?? true,
  );
  const minText = Math.max(9, book.print.rules.minText);

  const texts = {
    title: { text: c.title ?? book.title, where: c.title ? at(['title']) : book.places.title },
    subtitle: c.subtitle ?? book.subtitle,
    subtitleWhere: c.subtitle ? at(['subtitle']) : book.places.subtitle,
    author: c.author ?? book.author,
    authorWhere: c.author ? at(['author']) : book.places.author,
  };
  problems.catch(() => checkGlyphs(theme, 'heading', texts.title.text, texts.title.where));
  if (texts.subtitle)
    problems.catch(() => checkGlyphs(theme, 'body', texts.subtitle ?? '', texts.subtitleWhere));
  if (texts.author) problems.catch(() => checkGlyphs(theme, 'body', texts.author ?? '', texts.authorWhere));
  if (c.badge) problems.catch(() => checkGlyphs(theme, 'heading', c.badge ?? '', at(['badge'])));
  const decor: FrontDecor = {
    ...(c.badge ? { badge: { text: c.badge, where: at(['badge']) } } : {}),
    round: (c.maze?.shape ?? DEFAULT_ART.shape) === 'circle',
    clear: artPassage(c.maze, inputs.minPassage),
    pattern: c.pattern !== false,
    bleed,
    fold: geometry.folds.at(-1) ?? geometry.front.x,
  };
  const front = problems.catch(() => layoutFront(geometry.front, texts, theme, fonts, decor));

  const thumbs = problems.catch(() => backThumbnails(c, book, at)) ?? [];
  const back = problems.catch(() => layoutBack(c, geometry, thumbs, fonts, theme, minText, at)) ?? {
    thumbnails: [],
  };
  const notes: string[] = [];
  const spineText =
    c.spine === false
      ? undefined
      : problems.catch(() =>
          planSpine(c, texts, geometry, fonts, theme, rules.spineTextPages, book, notes, at),
        );

  const art = front && problems.catch(() => planArt(c, inputs, theme, front.artArea, at));
  const minPassage = inputs.minPassage ?? 3 * MM;
  if (art) problems.catch(() => checkArtPassage(art, theme, minPassage, c, at));
  const ebookFront =
    c.ebook && front
      ? problems.catch(() =>
          layoutFront(ebookFrame(book.paper.width), texts, theme, fonts, { ...decor, bleed: 0, fold: 0 }),
        )
      : undefined;
  problems.throwIfAny();
  if (!front || !art) throw new Error('internal: cover planned without its front');
  return {
    where: spec.placeOf(['cover']),
    stock,
    geometry,
    color: pod ? 'cmyk' : 'rgb',
    theme,
    fonts,
    front,
    back,
    ...(spineText ? { spine: spineText } : {}),
    art,
    minPassage,
    ...(ebookFront ? { ebook: { ...ebookSize(book.paper.width), front: ebookFront } } : {}),
    notes,
  };
}

/** The book's theme with the cover's own changes over it (`cover.theme`). */
function coverTheme(spec: LoadedYaml<BookSpec>, c: CoverSpec, book: BookPlan, files: FileAccess): Theme {
  if (!c.theme) return book.theme;
  const bookTheme = spec.value.theme ?? 'classic';
  const merged: ThemeOverride =
    typeof bookTheme === 'string' ? { base: bookTheme, ...c.theme } : { ...bookTheme, ...c.theme };
  return loadTheme(merged, book.specDir, files, spec.placeOf(['cover', 'theme']));
}

/** The ebook page: the trim's width, 1600:2560 high. */
function ebookSize(width: number): { width: number; height: number } {
  return { width, height: width * 1.6 };
}

function ebookFrame(width: number): Rect {
  const { height } = ebookSize(width);
  return { x: 0, y: 0, width, height };
}

/** What the front shows besides its texts and art maze. */
export interface FrontDecor {
  badge?: { text: string; where: string };
  /** The art maze is round (a badge beside it takes less of its room). */
  round: boolean;
  /** Room kept between the badge and the art maze with its markers, pt (the maze's passage). */
  clear?: number;
  pattern: boolean;
  /** The bleed beyond the trim, and the fold the front starts at (x, pt): the bands run from the one to the other. */
  bleed: number;
  fold: number;
}

/** Spine-side clearance of the front's bands from the fold, pt (KDP's spine text clearance). */
const FOLD_CLEAR = 0.0625 * 72;

/** The art maze's passage, pt: its `passage`, else the default art's, else the audience's clear passage. */
function artPassage(maze: MazeSpec | undefined, minPassage = 3 * MM): number {
  const passage = maze ? maze.passage : DEFAULT_ART.passage;
  if (passage !== undefined) return toPoints(passage);
  return minPassage;
}

/**
 * The badge's words in its square `box`: one line for each part between separators when they fit at a size
 * no smaller than 45 % of the starting one (`28 mazes` / `easy to hard`), else wrapped freely, up to 3 lines.
 */
function fitBadge(
  badge: { text: string; where: string },
  box: Rect,
  r: number,
  fonts: CoverFonts,
): TextBlock {
  const paragraphs = badgeParagraphs(badge.text);
  const start = Math.min(r * 0.42, 22);
  const request = {
    field: 'the cover badge',
    where: badge.where,
    paragraphs,
    balance: true,
    base: 'heading' as const,
    box,
    start,
    min: 7,
    leading: 1.1,
    maxLines: 3,
    align: 'centre' as const,
  };
  if (paragraphs.length > 1 && paragraphs.length <= 3) {
    try {
      return fitText({ ...request, maxLines: paragraphs.length, min: Math.max(7, start * 0.45) }, fonts);
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
    }
  }
  return fitText(request, fonts);
}

/**
 * The front panel: title (and subtitle) at the top, the author at the bottom, the art maze between, with a
 * round badge at the art's top-right corner and maze-pattern bands in the margin above and below (from the
 * fold to the bleed's edge, short of the safe zone). `panel` is the trimmed front; everything stays a
 * comfortable margin inside its safe zone.
 */
export function layoutFront(
  panel: Rect,
  texts: FrontTexts,
  theme: Theme,
  fonts: CoverFonts,
  decor: FrontDecor = { round: true, pattern: false, bleed: 0, fold: panel.x },
): FrontLayout {
  const pad = SAFE + Math.max(0.125 * 72, panel.width * 0.05);
  const frame: Rect = {
    x: panel.x + pad,
    y: panel.y + pad,
    width: panel.width - 2 * pad,
    height: panel.height - 2 * pad,
  };
  const titleStart = Math.min(72, frame.width * 0.11);
  const { title, subtitle, y } = layoutFrontTitle(frame, texts, theme, fonts, titleStart);
  const { author, bottom } = layoutFrontAuthor(frame, texts, theme, fonts, titleStart);
  const gap = titleStart * 0.5;
  const artRoom: Rect = { x: frame.x, y: y + gap, width: frame.width, height: bottom - gap - (y + gap) };
  const { artFrame, badge } = placeFrontBadge(frame, artRoom, decor, fonts);
  const bands = placePatternBands(panel, pad, decor);
  if (artFrame.height < frame.height * 0.3) {
    throw new UserError(
      texts.title.where,
      `the title, subtitle and author leave ${(artFrame.height / MM).toFixed(0)}mm for the cover maze (at least ${((frame.height * 0.3) / MM).toFixed(0)}mm)`,
      'shorten the title or subtitle',
    );
  }
  const room = theme.markers.size * 1.75;
  return {
    title,
    ...(subtitle ? { subtitle } : {}),
    ...(author ? { author } : {}),
    ...(badge ? { badge } : {}),
    bands,
    artFrame,
    artArea: {
      x: artFrame.x + room,
      y: artFrame.y + room,
      width: artFrame.width - 2 * room,
      height: artFrame.height - 2 * room,
    },
  };
}

/** The front's words and where an error about each points. */
interface FrontTexts {
  title: { text: string; where: string };
  subtitle?: string;
  subtitleWhere: string;
  author?: string;
  authorWhere: string;
}

/**
 * Sets the title (and subtitle) at the top of the front's `frame`, the title started at `titleStart` pt;
 * `y` is where the words end (pt, down the page).
 */
function layoutFrontTitle(
  frame: Rect,
  texts: FrontTexts,
  theme: Theme,
  fonts: CoverFonts,
  titleStart: number,
): { title: TextBlock; subtitle?: TextBlock; y: number } {
  let y = frame.y;
  let subtitle: TextBlock | undefined;
  const subtitleStart = Math.max(theme.sizes.subtitle, titleStart * 0.36);
  const title = fitText(
    {
      field: 'the cover title',
      where: texts.title.where,
      paragraphs: plainText(texts.title.text),
      balance: true,
      base: 'heading',
      box: { x: frame.x, y, width: frame.width, height: frame.height * 0.3 },
      start: titleStart,
      min: Math.max(18, titleStart * 0.45),
      leading: 1.1,
      maxLines: 3,
      align: 'centre',
    },
    fonts,
  );
  y += title.height + titleStart * 0.35;
  if (texts.subtitle) {
    subtitle = fitText(
      {
        field: 'the cover subtitle',
        where: texts.subtitleWhere,
        balance: true,
        paragraphs: plainText(texts.subtitle),
        base: 'body',
        box: { x: frame.x, y, width: frame.width, height: frame.height * 0.14 },
        start: subtitleStart,
        min: MIN_FRONT_TEXT,
        leading: 1.25,
        maxLines: 3,
        align: 'centre',
      },
      fonts,
    );
    y += subtitle.height;
  }
  return { title, ...(subtitle ? { subtitle } : {}), y };
}

/**
 * Sets the author with its last line on the bottom of the front's `frame`; `bottom` is the top of the author's
 * words (pt, down the page), or the frame's bottom without an author.
 */
function layoutFrontAuthor(
  frame: Rect,
  texts: FrontTexts,
  theme: Theme,
  fonts: CoverFonts,
  titleStart: number,
): { author?: TextBlock; bottom: number } {
  let bottom = frame.y + frame.height;
  if (!texts.author) return { bottom };
  const start = Math.max(theme.sizes.subtitle, titleStart * 0.4);
  const height = start * 2.4;
  const author = fitText(
    {
      field: 'the cover author',
      where: texts.authorWhere,
      paragraphs: plainText(texts.author),
      base: 'body',
      box: { x: frame.x, y: bottom - height, width: frame.width, height },
      start,
      min: MIN_FRONT_TEXT,
      leading: 1.2,
      maxLines: 2,
      align: 'centre',
    },
    fonts,
  );
  // Sit the author's last line on the frame's bottom.
  const shift = bottom - (author.lines.at(-1)?.y ?? bottom) - author.size * 0.25;
  for (const line of author.lines) line.y += shift;
  bottom = (author.lines[0]?.y ?? bottom) - author.size;
  return { author, bottom };
}

/**
 * Places the badge, a circle at the art's top-right corner, when the front has one: the art gives up the top of
 * its room to it (less beside a round maze, whose corners are free). Returns the art's frame that is left.
 */
function placeFrontBadge(
  frame: Rect,
  artFrame: Rect,
  decor: FrontDecor,
  fonts: CoverFonts,
): { artFrame: Rect; badge: FrontLayout['badge'] } {
  if (!decor.badge) return { artFrame, badge: undefined };
  const r = Math.min(0.7 * 72, frame.width * 0.14, artFrame.height * 0.18);
  const side = r * Math.SQRT2 * 0.92;
  const cx = frame.x + frame.width - r;
  const cy = artFrame.y + r;
  const text = fitBadge(
    decor.badge,
    { x: cx - side / 2, y: cy - side / 2, width: side, height: side },
    r,
    fonts,
  );
  // Centre the lines in the circle.
  const shift = cy - (text.lines[0].y - text.size * 0.8 + text.height / 2) + text.size * 0.1;
  for (const line of text.lines) line.y += shift;
  const give = (decor.round ? 1.1 : 2) * r + (decor.clear ?? 0);
  return {
    artFrame: { ...artFrame, y: artFrame.y + give, height: artFrame.height - give },
    badge: { cx, cy, r, text },
  };
}

/**
 * Places the maze-pattern bands above and below the front, when it has them: from the fold (clear of it) to the
 * bleed's edge, from the sheet's edge to short of the text's frame (`pad` pt inside the trim). Background art,
 * which may run into the bleed (the safe zone keeps text and the art maze in).
 */
function placePatternBands(panel: Rect, pad: number, decor: FrontDecor): Rect[] {
  const bands: Rect[] = [];
  if (!decor.pattern) return bands;
  const x0 = Math.max(decor.fold + FOLD_CLEAR, panel.x - decor.bleed);
  const x1 = panel.x + panel.width + decor.bleed;
  const depth = decor.bleed + pad - 0.06 * 72;
  if (depth > 0.1 * 72) {
    bands.push({ x: x0, y: panel.y - decor.bleed, width: x1 - x0, height: depth });
    bands.push({ x: x0, y: panel.y + panel.height + decor.bleed - depth, width: x1 - x0, height: depth });
  }
  return bands;
}

/** The back's thumbnails: puzzles by page key (their numbers), then the solved cover maze. */
function backThumbnails(
  c: CoverSpec,
  book: BookPlan,
  at: (p: FieldPath) => string,
): { puzzle?: number; label?: string }[] {
  const out: { puzzle?: number; label?: string }[] = [];
  const keys = book.puzzles.map((p) => p.key);
  (c.thumbnails ?? []).forEach((key, i) => {
    const p = book.puzzles.find((q) => q.key === key);
    if (!p) {
      const guess = closest(key, keys);
      throw new UserError(
        at(['thumbnails', i]),
        `no puzzle with the page key "${key}"`,
        `${guess ? `did you mean "${guess}"? ` : ''}keys are page ids, or for a series the id with -1, -2…; the first: ${keys.slice(0, 6).join(', ')}`,
      );
    }
    out.push({ puzzle: p.number, label: `${book.words.puzzle} ${p.number}` });
  });
  if (c.solution) out.push({ label: book.words.coverSolved });
  return out;
}

/**
 * The spine's text: title and author on one line down the spine, as large as the spine allows (never below
 * the profile's smallest text); none on a book thinner than the profile's rule, with a note saying why.
 */
function planSpine(
  c: CoverSpec,
  texts: { title: { text: string }; author?: string },
  g: CoverGeometry,
  fonts: CoverFonts,
  theme: Theme,
  fewestPages: number,
  book: BookPlan,
  notes: string[],
  at: (p: FieldPath) => string,
): SpineText | undefined {
  const spine = typeof c.spine === 'object' ? c.spine : {};
  const title = spine.title ?? texts.title.text;
  const author = spine.author ?? texts.author;
  const where = c.spine !== undefined ? at(['spine']) : at([]);
  const profile = book.print.profile ?? 'the default';
  if (g.pages < fewestPages) {
    notes.push(
      `the spine (${inches(g.spineWidth)} for ${g.pages} pages) has no text: ${profile === 'the default' ? 'covers' : profile} print${profile === 'the default' ? '' : 's'} spine text from ${fewestPages} pages`,
    );
    return undefined;
  }
  checkGlyphs(theme, 'heading', title, spine.title ? at(['spine', 'title']) : where);
  if (author) checkGlyphs(theme, 'body', author, spine.author ? at(['spine', 'author']) : where);
  const minSize = book.print.rules.minText;
  const across = g.spineSafe.width;
  const a = inkExtent(fonts.heading, title, 1);
  const b = author ? inkExtent(fonts.body, author, 1) : { above: 0, below: 0 };
  const above = Math.max(a.above, b.above);
  const below = Math.max(a.below, b.below);
  let size = Math.min(across / (above + below), 0.35 * 72);
  if (size < minSize) {
    notes.push(
      `the spine (${inches(g.spineWidth)} for ${g.pages} pages) has no text: it leaves ${inches(across)} between its fold clearances, too narrow for ${minSize}pt text`,
    );
    return undefined;
  }
  const length = (s: number) =>
    author
      ? textWidth(fonts.heading, title, s) + s * 2 + textWidth(fonts.body, author, s)
      : textWidth(fonts.heading, title, s);
  const room = g.spineSafe.height;
  if (length(size) > room) size = Math.max(minSize, (size * room) / length(size));
  if (length(size) > room + 1e-6) {
    throw new UserError(
      where,
      `the spine text is ${mm(length(size) - room)} longer than the spine at ${size}pt`,
      'give a shorter spine title (cover.spine.title), or spine: false',
    );
  }
  const centre = g.spineSafe.x + g.spineSafe.width / 2;
  // Rotated a quarter turn clockwise, the glyphs' tops face the front: the ink spans baseline − below to
  // baseline + above across the spine.
  const baseline = centre - ((above - below) * size) / 2;
  const top = g.spineSafe.y;
  return {
    size,
    baseline,
    title: { text: title, y: top + (author ? 0 : (room - length(size)) / 2) },
    ...(author ? { author: { text: author, y: top + room - textWidth(fonts.body, author, size) } } : {}),
  };
}

/** The front-art maze, planned like a puzzle page sized to the art area (book `defaults` do not apply). */
function planArt(
  c: CoverSpec,
  inputs: CoverInputs,
  theme: Theme,
  area: Rect,
  at: (p: FieldPath) => string,
): PuzzlePlan {
  const { spec, book } = inputs;
  // The cover maze shows the book's pictures (its first puzzle's) unless it names its own markers.
  const pictures = book.puzzles[0]?.markers.pictures;
  const base = c.maze ?? DEFAULT_ART;
  const own: MazeSpec =
    base.markers === undefined && pictures
      ? { ...base, markers: { start: pictures.start.name, finish: pictures.finish.name, labels: false } }
      : base;
  // resolvePuzzle speaks of `pages[0].maze`; the cover's maze is at `cover.maze`.
  const remap = (p: FieldPath): string =>
    p[0] === 'pages' ? at(c.maze ? ['maze', ...p.slice(3)] : []) : at(c.maze ? ['maze'] : []);
  const geometry = {
    content: area,
    titleBaseline: area.y,
    folioBaseline: area.y + area.height,
    mazeArea: area,
  };
  return resolvePuzzle(
    {
      spec: { ...spec.value, defaults: undefined },
      at: remap,
      seed: book.seed,
      layouts: { 1: geometry },
      perPage: 1,
      audience: book.floor.audience,
      floors: book.floors,
      theme,
      words: book.words,
      masks: { specDir: book.specDir, files: inputs.files, theme, images: inputs.images },
      markers: {
        specDir: book.specDir,
        files: inputs.files,
        theme,
        words: book.words,
        icons: new Map(),
        art: artStyleFor(theme, false),
        textFloor: book.floors.text,
      },
    },
    { page: { maze: own }, i: 0, spec: own, part: 'maze', key: '#cover', inSection: 1 },
    0,
  );
}

/**
 * The art maze's clear passage (passage less the wall) must stay at or above the audience's minimum. A tone
 * maze's walls have their own widths: it is measured once generated (see `makeCoverArt`).
 */
function checkArtPassage(
  art: PuzzlePlan,
  theme: Theme,
  minPassage: number,
  c: CoverSpec,
  at: (p: FieldPath) => string,
): void {
  if (art.recipe.picture?.tone) return;
  const clear = art.cellSize - theme.walls.width;
  if (clear >= minPassage - 1e-6) return;
  const m = c.maze ?? {};
  const field = m.cells !== undefined ? 'cells' : m.rings !== undefined ? 'rings' : 'passage';
  throw new UserError(
    at(c.maze ? ['maze', field] : []),
    `the cover maze's passages would be ${mm(clear)} clear; a pencil needs at least ${mm(minPassage)}`,
    field === 'passage' ? 'use a wider passage' : `use fewer ${field}, or give a passage instead`,
  );
}
