import { extname, resolve } from 'node:path';
import { UserError } from '../base/errors.js';
import { createFileAccess, defaultPathPolicy } from '../base/files.js';
import type { FieldPath } from '../base/parse-yaml.js';
import { topologies } from '../grid/registry.js';
import { answerKeyStyle, answerWeights, letterColor } from '../layout/answer-key-style.js';
import type { DisplayDocument, Item } from '../layout/display-list.js';
import { drawLetters } from '../layout/draw-letters.js';
import { fitGrid } from '../layout/draw-maze.js';
import { drawMarkers } from '../layout/markers.js';
import { drawPuzzle } from '../layout/puzzle-drawings.js';
import { markerStyle } from '../layout/puzzle-pages.js';
import { answerMarks } from '../layout/reveal-answer.js';
import type { Placement } from '../layout/wall-paths.js';
import type { BookPlan } from '../plan/book-plan.js';
import { markerRoom, markerSize } from '../plan/marker-rule.js';
import { planBook } from '../plan/plan-book.js';
import { Problems } from '../plan/problems.js';
import type { Rect } from '../plan/rect.js';
import { preloadImages } from '../plan/resolve-mask.js';
import { type PackedPaths, packBigPaths } from '../render/big-paths.js';
import { renderSvgPage } from '../render/svg.js';
import { type BookSpec, bookSchema, type MazeSpec } from '../spec/schema.js';
import { parseLength } from '../spec/units.js';
import { planSpecFiles, shownPath } from './build-book.js';
import type { ChosenPuzzle } from './chosen-puzzle.js';
import { makeBookPrefix } from './make-unit.js';

export const renderFormats = ['svg', 'png', 'pdf', 'json', 'txt', 'fm'] as const;
export type RenderFormat = (typeof renderFormats)[number];

export interface RenderMazeOptions {
  /** The maze, with the fields of a spec's `maze` (docs/spec.md). */
  maze?: MazeSpec;
  /** Or one page of a book: its spec file and the page's key (`id`) or number. */
  spec?: string;
  page?: string;
  seed?: number;
  /** Longer side of the drawn maze, a length such as `12cm` (default 12cm). */
  size?: string;
  theme?: string;
  /** Draw the solution. */
  solution?: boolean;
  format: RenderFormat;
  /** PNG resolution (default 300). */
  dpi?: number;
  /** `.txt` style: Unicode box drawing (default) or the classic "Amazing" characters. */
  text?: 'box' | 'amazing';
  allowAnyPath?: boolean;
}

const DEFAULT_SIZE = '12cm';
const PAGE_MARGIN = 18;

/** The format an output file name asks for, or a clear error. */
export function formatOf(file: string): RenderFormat {
  const ext = extname(file).slice(1).toLowerCase();
  if ((renderFormats as readonly string[]).includes(ext)) return ext as RenderFormat;
  throw new UserError(
    file,
    `cannot tell the format from "${extname(file) || 'no extension'}"`,
    `end the file name with .${renderFormats.join(', .')}`,
  );
}

/**
 * One maze, alone, in any format: `svg`, `png` and `pdf` draw it exactly as a book page would (same display
 * list, same theme), `json` is the maze JSON format, `txt` a text drawing, `fm` a Finger Maze string.
 */
export async function renderMaze(options: RenderMazeOptions): Promise<Buffer> {
  return (await renderMazeOutput(options)).data;
}

/** The rendered maze and the real paths of the files read to make it (which the output may not replace). */
export async function renderMazeOutput(
  options: RenderMazeOptions,
): Promise<{ data: Buffer; inputs: string[] }> {
  const { plan, puzzle } = await oneMaze(options);
  return { data: await renderPlanned(plan, puzzle, options), inputs: plan.inputs };
}

async function renderPlanned(
  plan: BookPlan,
  puzzle: ChosenPuzzle,
  options: RenderMazeOptions,
): Promise<Buffer> {
  const maze = puzzle.maze;
  const rule = puzzle.rule;
  if (rule && (options.format === 'fm' || options.format === 'txt')) {
    throw new UserError(
      '-o',
      `a rule maze cannot be written as .${options.format} (a wall maze's format)`,
      'use .json (its grid of symbols, ends and solution), .svg, .png or .pdf',
    );
  }
  // The text formats' codecs load only for them (the JSON one builds its schema when loaded).
  switch (options.format) {
    case 'json': {
      if (rule) {
        const { ruleJsonText } = await import('../codec/rule-json.js');
        return Buffer.from(ruleJsonText(rule));
      }
      const { exportMazeJson } = await import('../codec/json.js');
      return Buffer.from(
        `${JSON.stringify(exportMazeJson(maze, puzzle.mazegram ? { letters: puzzle.mazegram.letters } : {}), null, 2)}\n`,
      );
    }
    case 'fm': {
      const { encodeFm } = await import('../codec/fm.js');
      return Buffer.from(`${encodeFm(maze)}\n`);
    }
    case 'txt': {
      const { amazingText, boxText } = await import('../codec/text.js');
      return Buffer.from(options.text === 'amazing' ? amazingText(maze) : boxText(maze));
    }
    case 'pdf': {
      // The walls' operators are deflated on zlib's thread from the moment they exist, while the markers are
      // placed and pdfkit is loaded (the PDF module loads it) on this one.
      const packed: PackedPaths = new Map();
      const doc = renderDocument(plan, puzzle, options, (items) => packBigPaths(items, packed));
      const { renderPdf } = await import('../render/pdf.js');
      return renderPdf(doc, { packed });
    }
    default: {
      const doc = renderDocument(plan, puzzle, options);
      if (options.format === 'svg') return Buffer.from(renderSvgPage(doc, 0));
      // PNGs get the page colour behind the maze (SVG and PDF leave white paper unpainted). sharp is loaded
      // only for them: it is slow to load, and no other format needs it. The SVG is given its size in
      // pixels and read at 72 dpi, where sharp leaves pixels as they are (at any other density it scales
      // point units twice).
      const { default: sharp } = await import('sharp');
      const px = pngPixels(doc.pages[0], options.dpi ?? 300);
      return sharp(Buffer.from(renderSvgPage(doc, 0, px)), { density: 72 })
        .flatten({ background: plan.theme.colors.page })
        .png()
        .toBuffer();
    }
  }
}

/** The pixel size of a page of `width` × `height` points at `dpi` pixels an inch, rounded to whole pixels. */
export function pngPixels(
  page: { width: number; height: number },
  dpi: number,
): {
  width: number;
  height: number;
} {
  return {
    width: Math.max(1, Math.round((page.width * dpi) / 72)),
    height: Math.max(1, Math.round((page.height * dpi) / 72)),
  };
}

/** Plans and generates the one maze the options describe. */
export async function oneMaze(options: RenderMazeOptions): Promise<{ plan: BookPlan; puzzle: ChosenPuzzle }> {
  let plan: BookPlan;
  let index = 0;
  if (options.spec) {
    plan = (await planSpecFiles(options.spec, { seed: options.seed, allowAnyPath: options.allowAnyPath }))
      .plan;
    const page = options.page ?? '1';
    index = plan.puzzles.findIndex((p) => p.key === page || String(p.number) === page);
    if (index < 0) {
      throw new UserError(
        '--page',
        `no page "${page}" in ${shownPath(resolve(options.spec))}`,
        `use a page id or number: ${plan.puzzles
          .slice(0, 8)
          .map((p) => p.key)
          .join(', ')}${plan.puzzles.length > 8 ? ', …' : ''}`,
      );
    }
  } else {
    const side = parseLength(options.size ?? DEFAULT_SIZE, '--size');
    const spec: BookSpec = {
      title: 'maze',
      paper: { width: side + 2 * PAGE_MARGIN + 80, height: side + 2 * PAGE_MARGIN + 120 },
      margins: 0,
      ...(options.theme ? { theme: options.theme } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      front: [],
      pages: [{ id: 'maze', maze: options.maze ?? {} }],
      solutions: false,
    };
    const checked = bookSchema.safeParse(spec);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new UserError(flagOf(issue.path as FieldPath), issue.message);
    }
    const loaded = { value: checked.data, file: '<command line>', placeOf: flagOf };
    const cwd = process.cwd();
    const files = createFileAccess(defaultPathPolicy(cwd, options.allowAnyPath));
    const problems = new Problems();
    const images = await preloadImages(loaded.value, cwd, files, loaded.placeOf, (e) => problems.add(e));
    plan = planBook(loaded, { files, images, problems, specDir: cwd });
  }
  const p = plan.puzzles[index];
  // As the build makes it: a series is chosen as a whole, and a repeat of an earlier maze re-rolled.
  const warn = (w: string) => process.stderr.write(`warning: ${w}\n`);
  // Only this page's warnings, as `what` (the command names no place).
  const own = `${p.where}: `;
  const made = makeBookPrefix(plan, index, p.usesRating, (w) => {
    if (w.startsWith(own)) warn(w.slice(own.length));
  });
  return { plan, puzzle: made[index] };
}

/** Where `renderDocument` draws a maze alone: the page, the maze's rectangle and the grid's placement in it. */
export interface SingleMazeFrame {
  /** The page, in points. */
  page: { width: number; height: number };
  /** The maze's rectangle on the page, and the room for its markers around it (inside the page margin). */
  rect: Rect;
  frame: Rect;
  /** The grid's placement: a point (x, y) of the grid is at (ox + x·scale, oy + y·scale) on the page. */
  place: Placement;
  /** The markers' size by the book's marker rule at the maze's passage, in points. */
  markerSize: number;
}

/**
 * The page `renderDocument` makes for one maze: the maze's longer side `size` long (12cm by default), with
 * room around it for its markers and their words (the book's marker rule at the maze's passage) and a margin.
 */
export function singleMazeFrame(
  plan: BookPlan,
  p: ChosenPuzzle,
  options: Pick<RenderMazeOptions, 'size'>,
): SingleMazeFrame {
  const side = parseLength(options.size ?? DEFAULT_SIZE, '--size');
  const { grid } = p.maze;
  const scale = side / Math.max(grid.width, grid.height);
  const drawn = { width: grid.width * scale, height: grid.height * scale };
  const { fit } = p.plan.markers;
  const size = markerSize(fit.rule, scale * topologies[p.recipe.shape].narrowest - plan.theme.walls.width);
  const room = markerRoom(size, fit) + PAGE_MARGIN;
  const rect = { x: room, y: room, width: drawn.width, height: drawn.height };
  const page = { width: drawn.width + 2 * room, height: drawn.height + 2 * room };
  const frame = {
    x: PAGE_MARGIN,
    y: PAGE_MARGIN,
    width: page.width - 2 * PAGE_MARGIN,
    height: page.height - 2 * PAGE_MARGIN,
  };
  return { page, rect, frame, place: fitGrid(grid, rect), markerSize: size };
}

/**
 * A page just big enough for the maze, its markers and a margin (singleMazeFrame), drawn with the book page's
 * styles: the markers of puzzle pages (pictures and START/FINISH words when the spec asks, the maze inset for
 * pictures) and the answer route of answer pages (the book's solution style, the black-ink band). `onMaze` is
 * handed the maze's items (walls, route) as soon as they are drawn, before the markers are placed.
 */
export function renderDocument(
  plan: BookPlan,
  p: ChosenPuzzle,
  options: Pick<RenderMazeOptions, 'size' | 'solution'>,
  onMaze?: (items: readonly Item[]) => void,
): DisplayDocument {
  const { theme } = plan;
  const { page, rect, frame, place, markerSize: size } = singleMazeFrame(plan, p, options);
  const markers = markerStyle(plan, p.plan, size, frame);
  const passage = place.scale * topologies[p.recipe.shape].passage;
  const weights = answerWeights(plan, passage, 1);
  const route = answerKeyStyle(plan, weights.wall, weights.route, passage);
  // Markers are drawn last, as drawMaze draws them, once the maze's items are handed on.
  const items: Item[] = drawPuzzle(
    plan,
    p,
    rect,
    {
      walls: options.solution ? route.walls : { color: theme.colors.walls, ...theme.walls },
      ...(theme.colors.background ? { background: theme.colors.background } : {}),
      ...(options.solution ? answerMarks(plan, p.recipe, p.maze, p.solution, route) : {}),
    },
    options.solution ? p.solution : undefined,
  );
  onMaze?.(items);
  items.push(...drawMarkers(p.maze, place, rect, theme.walls.width, markers));
  const fonts: Record<string, string> = {
    heading: theme.fonts.heading.path,
    body: theme.fonts.body.path,
  };
  if (p.mazegram && p.plan.mazegram) {
    fonts.letters1 = p.plan.mazegram.font.path;
    items.push(
      ...drawLetters(p.maze, p.recipe.shape, p.mazegram, place, {
        fontKey: 'letters1',
        face: p.plan.mazegram.font,
        message: options.solution ? theme.colors.letters : letterColor(plan),
        decoy: options.solution ? theme.colors.muted : letterColor(plan),
        ...(options.solution ? { knockout: route.band.color } : {}),
      }),
    );
  }
  const bg = theme.colors.page.toLowerCase();
  return {
    info: { title: p.plan.key, subject: 'a maze', keywords: 'maze', date: plan.date },
    fonts,
    pages: [
      {
        width: page.width,
        height: page.height,
        background: bg === '#ffffff' || bg === '#fff' ? undefined : bg,
        items,
      },
    ],
  };
}

/**
 * The command-line flag behind a place in the one-page spec `render` makes from its flags: the maze field's
 * own, with the name of the part inside it when it has one (`--cells` for either number of `cells: [w, h]`,
 * `--post braid` for the braid step of `--post`), else the field's (`--theme`, `--seed`), else the command.
 */
function flagOf(path: FieldPath): string {
  if (path[0] === 'pages' && path[2] === 'maze' && typeof path[3] === 'string') {
    const part = path
      .slice(4)
      .filter((p) => typeof p === 'string')
      .at(-1);
    return `--${path[3]}${part === undefined ? '' : ` ${part}`}`;
  }
  const field = path.length === 1 ? path[0] : undefined;
  return typeof field === 'string' ? `--${field}` : 'render';
}
