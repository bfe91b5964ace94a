import { generateMaze } from '../generate/generate-maze.js';
import { topologies } from '../grid/registry.js';
import type { BookPlan } from '../plan/book-plan.js';
import type { CoverFontKey, TextBlock } from '../plan/cover-text.js';
import { fitMarkers } from '../plan/marker-rule.js';
import { gridClearIn, MARKER_ROOM } from '../plan/page-geometry.js';
import { contrast, mixColors } from '../plan/palette.js';
import type { CoverPlan, FrontLayout } from '../plan/plan-cover.js';
import type { Rect } from '../plan/rect.js';
import { deriveSeed } from '../random/derive-seed.js';
import { type FontFace, textOutline } from '../text/fonts.js';
import { PathBuilder } from '../vector/path-data.js';
import type { DisplayDocument, Item, Page } from './display-list.js';
import { drawLetters } from './draw-letters.js';
import { drawMaze, fitGrid } from './draw-maze.js';
import type { PuzzleForLayout } from './puzzle-for-layout.js';
import { parseSvgPath, transformPath } from './svg-icon.js';
import { centredText } from './text-items.js';

/**
 * The cover as a display document of one page, the whole sheet (back, spine, front, bleed all round), drawn
 * from the cover plan with the same primitives as the book's pages. `tags` says for each item of the page
 * what it is (background, text of a field, art), so the build can check that nothing but background crosses
 * a fold or the barcode area and that all text stays inside the safe zone.
 */
export interface ComposedCover {
  doc: DisplayDocument;
  tags: CoverTag[];
}

/**
 * `pattern`: decoration that may run into the bleed and past the safe zone, but never across a fold or into
 * the barcode area (the front's maze bands).
 */
export type CoverTag =
  | { kind: 'background' }
  | { kind: 'text'; field: string }
  | { kind: 'art'; field: string }
  | { kind: 'pattern'; field: string };

/** Slant of italic drawn from an upright font (no italic font given): 12°, as type designers' obliques. */
const SLANT = Math.tan((12 * Math.PI) / 180);

/** A generated puzzle for the cover (the art maze, or a puzzle shown on the back). */
export type CoverPuzzle = PuzzleForLayout;

export function composeCover(
  cover: CoverPlan,
  book: BookPlan,
  art: CoverPuzzle,
  puzzles: ReadonlyMap<number, CoverPuzzle>,
): ComposedCover {
  const g = cover.geometry;
  const { theme } = cover;
  const items: Item[] = [];
  const tags: CoverTag[] = [];
  const add = (tag: CoverTag, ...more: Item[]) => {
    for (const item of more) {
      items.push(item);
      tags.push(tag);
    }
  };
  drawFront(cover, cover.front, art, add, book.seed);
  const back = cover.back;
  if (back.blurb)
    add({ kind: 'text', field: 'cover.blurb' }, ...textBlockItems(cover, back.blurb, theme.colors.text));
  for (const t of back.thumbnails) {
    if (t.label) {
      add(
        { kind: 'text', field: 'cover.thumbnails' },
        centredText(theme, t.label.text, t.label.x, t.label.y, {
          font: 'body',
          size: t.label.size,
          color: theme.colors.muted,
        }),
      );
    }
    const p = t.puzzle === undefined ? art : puzzles.get(t.puzzle);
    if (!p) throw new Error(`internal: puzzle ${t.puzzle} for the cover's back was not generated`);
    add(
      { kind: 'art', field: t.puzzle === undefined ? 'cover.solution' : 'cover.thumbnails' },
      ...thumbnail(cover, book, p, t.rect, t.puzzle === undefined),
    );
  }
  if (cover.spine) {
    // Title and author as real text turned a quarter turn clockwise: read top to bottom, as KDP asks.
    const s = cover.spine;
    const tag: CoverTag = { kind: 'text', field: 'cover.spine' };
    const line = (text: string, font: 'heading' | 'body', y: number): Item => ({
      type: 'text',
      text,
      x: s.baseline,
      y,
      size: s.size,
      font,
      color: theme.colors.text,
      rotate: 90,
    });
    add(tag, line(s.title.text, 'heading', s.title.y));
    if (s.author) add(tag, line(s.author.text, 'body', s.author.y));
  }
  const page: Page = {
    width: g.width,
    height: g.height,
    trim: g.trim,
    background: theme.colors.page,
    items,
  };
  return {
    doc: {
      color: cover.color,
      info: {
        title: `${book.title} (cover)`,
        ...(book.author ? { author: book.author } : {}),
        subject: `cover for ${g.pages} pages, spine ${(g.spineWidth / 72).toFixed(3)}in`,
        keywords: `maze, puzzle, cover, seed ${book.seed}`,
        date: book.date,
      },
      fonts: coverFontFiles(cover),
      pages: [page],
    },
    tags,
  };
}

/** The ebook cover: the front alone on a page of the trim's width, 1600:2560 high, in RGB. */
export function composeEbookCover(cover: CoverPlan, book: BookPlan, art: CoverPuzzle): DisplayDocument {
  const ebook = cover.ebook;
  if (!ebook) throw new Error('internal: the cover has no ebook layout');
  const items: Item[] = [];
  drawFront(cover, ebook.front, art, (_tag, ...more) => items.push(...more), book.seed);
  return {
    color: 'rgb',
    info: {
      title: book.title,
      ...(book.author ? { author: book.author } : {}),
      subject: 'ebook cover',
      keywords: 'maze, puzzle, cover',
      date: book.date,
    },
    fonts: coverFontFiles(cover),
    pages: [{ width: ebook.width, height: ebook.height, background: cover.theme.colors.page, items }],
  };
}

function coverFontFiles(cover: CoverPlan): Record<string, string> {
  return {
    heading: cover.fonts.heading.path,
    body: cover.fonts.body.path,
    bold: cover.fonts.bold.path,
    ...(cover.fonts.italic ? { italic: cover.fonts.italic.path } : {}),
    ...(cover.art.mazegram ? { letters1: cover.art.mazegram.font.path } : {}),
  };
}

function drawFront(
  cover: CoverPlan,
  front: FrontLayout,
  art: CoverPuzzle,
  add: (tag: CoverTag, ...items: Item[]) => void,
  seed: number,
): void {
  const { theme } = cover;
  front.bands.forEach((band, i) => {
    add({ kind: 'pattern', field: 'cover.pattern' }, ...patternBand(cover, band, seed, i));
  });
  add({ kind: 'text', field: 'cover.title' }, ...textBlockItems(cover, front.title, theme.colors.text));
  if (front.subtitle)
    add(
      { kind: 'text', field: 'cover.subtitle' },
      ...textBlockItems(cover, front.subtitle, theme.colors.text),
    );
  if (front.author)
    add({ kind: 'text', field: 'cover.author' }, ...textBlockItems(cover, front.author, theme.colors.muted));
  // The art maze leaves its markers the room the book's marker rule gives them at its passage.
  const topo = topologies[(art.recipe ?? art.plan.recipe).shape];
  const { area, size } = fitMarkers(
    front.artArea,
    theme.markers.size * MARKER_ROOM,
    art.plan.markers.fit,
    gridClearIn(art.maze.grid, topo.narrowest, theme.walls.width),
  );
  const pictures = art.plan.markers.pictures;
  add(
    { kind: 'art', field: 'cover.maze' },
    ...drawMaze(art.maze, area, {
      walls: { color: theme.colors.walls, ...theme.walls },
      ...(theme.colors.background ? { background: theme.colors.background } : {}),
      markers: {
        color: theme.colors.markers,
        size,
        frame: front.artFrame,
        ...(pictures ? { pictures } : {}),
      },
    }),
  );
  if (front.badge) add({ kind: 'art', field: 'cover.badge' }, ...badgeItems(cover, front.badge));
  if (art.mazegram && art.plan.mazegram) {
    add(
      { kind: 'art', field: 'cover.maze' },
      ...drawLetters(
        art.maze,
        (art.recipe ?? art.plan.recipe).shape,
        art.mazegram,
        fitGrid(art.maze.grid, area),
        {
          fontKey: 'letters1',
          face: art.plan.mazegram.font,
          message: theme.colors.letters,
          decoy: theme.colors.letters,
        },
      ),
    );
  }
}

/**
 * The badge: a disc in the theme's marker colour, its words in the page or the text colour, whichever stands
 * out more on it.
 */
function badgeItems(cover: CoverPlan, badge: NonNullable<FrontLayout['badge']>): Item[] {
  const { colors } = cover.theme;
  const disc = new PathBuilder().moveTo(badge.cx + badge.r, badge.cy);
  disc.arc(badge.cx, badge.cy, badge.r, 0, 2 * Math.PI).close();
  const ink =
    contrast(colors.page, colors.markers) >= contrast(colors.text, colors.markers)
      ? colors.page
      : colors.text;
  return [
    { type: 'path', path: disc.finish(), fill: colors.markers },
    ...textBlockItems(cover, badge.text, ink),
  ];
}

/**
 * A band of maze pattern: a four-row maze (seeded from the book's seed and the band) filling the band's height,
 * its walls a tint of the walls' colour towards the page, so it reads as decoration beside the real maze.
 */
function patternBand(cover: CoverPlan, band: Rect, seed: number, index: number): Item[] {
  const { theme } = cover;
  const rows = 4;
  const columns = Math.max(2, Math.floor(band.width / (band.height / rows)));
  const maze = generateMaze(
    {
      shape: 'square',
      size: { columns, rows },
      algorithm: 'backtracker',
      options: { straightness: 0 },
      entry: { kind: 'auto' },
      exit: { kind: 'auto' },
    },
    deriveSeed(seed, `#cover-band-${index}`, 0),
    'cover pattern',
  );
  const tint = mixColors(theme.colors.walls, theme.colors.page, 0.6);
  return drawMaze(maze, band, {
    walls: { color: tint, width: Math.max(0.75, theme.walls.width * 0.6), cap: 'round', join: 'round' },
  });
}

/** A small drawing of a puzzle on the back (solved, for the cover maze), its strokes thinned to its size. */
function thumbnail(cover: CoverPlan, book: BookPlan, p: CoverPuzzle, rect: Rect, solved: boolean): Item[] {
  const { theme } = cover;
  const minLine = book.print.rules.minLine;
  const cell = fitGrid(p.maze.grid, rect).scale;
  return drawMaze(
    p.maze,
    rect,
    {
      walls: {
        color: theme.colors.walls,
        ...theme.walls,
        width: Math.max(minLine, Math.min(theme.walls.width, cell * 0.2)),
      },
      ...(theme.colors.background ? { background: theme.colors.background } : {}),
      ...(solved
        ? {
            solution: {
              color: theme.colors.solution,
              width: Math.max(minLine, Math.min(theme.solution.width, cell * 0.4)),
              cap: 'round' as const,
              join: 'round' as const,
            },
          }
        : {}),
    },
    solved ? p.solution : undefined,
  );
}

/** A set text block's items: text in its font, or outlines slanted 12° for italic without an italic font. */
function textBlockItems(cover: CoverPlan, block: TextBlock, color: string): Item[] {
  const items: Item[] = [];
  for (const line of block.lines) {
    for (const run of line.runs) {
      if (run.slant) {
        items.push(
          outlined(faceOf(cover, run.font), run.text, block.size, [1, 0, -SLANT, 1, run.x, line.y], color),
        );
      } else {
        items.push({
          type: 'text',
          text: run.text,
          x: run.x,
          y: line.y,
          size: block.size,
          font: run.font,
          color,
        });
      }
    }
  }
  return items;
}

function faceOf(cover: CoverPlan, key: CoverFontKey): FontFace {
  return key === 'italic' ? (cover.fonts.italic ?? cover.fonts.body) : cover.fonts[key];
}

/**
 * A line of text as filled glyph outlines, mapped by `matrix` (SVG `matrix(a b c d e f)`) from text space
 * (baseline at y = 0, x along it, y down): for slanted italic.
 */
function outlined(
  face: FontFace,
  text: string,
  size: number,
  matrix: [number, number, number, number, number, number],
  color: string,
): Item {
  return {
    type: 'path',
    path: transformPath(parseSvgPath(textOutline(face, text, size)), matrix),
    fill: color,
  };
}

/**
 * Guide lines for the preview picture only (never in the PDF): the trim in red, the folds in blue, the safe
 * zones dashed in green, the barcode area in orange.
 */
export function coverGuides(cover: CoverPlan): Item[] {
  const g = cover.geometry;
  const rect = (r: Rect, b = new PathBuilder()) =>
    b
      .moveTo(r.x, r.y)
      .lineTo(r.x + r.width, r.y)
      .lineTo(r.x + r.width, r.y + r.height)
      .lineTo(r.x, r.y + r.height)
      .close();
  const stroke = (color: string, dash?: [number, number]) => ({
    color,
    width: 1,
    cap: 'butt' as const,
    join: 'miter' as const,
    ...(dash ? { dash } : {}),
  });
  const folds = new PathBuilder();
  for (const x of g.folds) folds.moveTo(x, 0).lineTo(x, g.height);
  const safe = new PathBuilder();
  for (const r of [g.backSafe, g.frontSafe, g.spineSafe]) rect(r, safe);
  const items: Item[] = [
    { type: 'path', path: rect(g.trim).finish(), stroke: stroke('#e0301e') },
    { type: 'path', path: folds.finish(), stroke: stroke('#1e6fe0') },
    { type: 'path', path: safe.finish(), stroke: stroke('#1a9e3a', [4, 3]) },
  ];
  if (g.barcode) items.push({ type: 'path', path: rect(g.barcode).finish(), stroke: stroke('#f08c00') });
  return items;
}
