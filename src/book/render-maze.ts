import { extname, resolve } from 'node:path';
import { encodeFm } from '../codec/fm.js';
import { exportMazeJson } from '../codec/json.js';
import { amazingText, boxText } from '../codec/text.js';
import type { DisplayDocument, Item } from '../layout/display-list.js';
import { drawLetters } from '../layout/draw-letters.js';
import { drawMaze, fitGrid } from '../layout/draw-maze.js';
import type { BookPlan } from '../plan/book-plan.js';
import { planBook } from '../plan/plan-book.js';
import { Problems } from '../plan/problems.js';
import { preloadImageMasks } from '../plan/resolve-mask.js';
import { renderPdf } from '../render/pdf.js';
import { renderSvgPage } from '../render/svg.js';
import { UserError } from '../spec/errors.js';
import { createFileAccess, defaultPathPolicy } from '../spec/files.js';
import type { FieldPath } from '../spec/parse.js';
import { type BookSpec, bookSchema, type MazeSpec } from '../spec/schema.js';
import { parseLength } from '../spec/units.js';
import { planSpecFiles, shownPath } from './build-book.js';
import { type ChosenPuzzle, choosePuzzle } from './select.js';

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
  switch (options.format) {
    case 'json':
      return Buffer.from(
        `${JSON.stringify(exportMazeJson(maze, puzzle.mazegram ? { letters: puzzle.mazegram.letters } : {}), null, 2)}\n`,
      );
    case 'fm':
      return Buffer.from(`${encodeFm(maze)}\n`);
    case 'txt':
      return Buffer.from(options.text === 'amazing' ? amazingText(maze) : boxText(maze));
    default: {
      const doc = mazeDocument(plan, puzzle, options);
      if (options.format === 'pdf') return renderPdf(doc);
      const svg = renderSvgPage(doc, 0);
      if (options.format === 'svg') return Buffer.from(svg);
      // PNGs get the page colour behind the maze (SVG and PDF leave white paper unpainted). sharp is loaded
      // only for them: it is slow to load, and no other format needs it.
      const { default: sharp } = await import('sharp');
      return sharp(Buffer.from(svg), { density: options.dpi ?? 300 })
        .flatten({ background: plan.theme.colors.page })
        .png()
        .toBuffer();
    }
  }
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
      const field = issue.path.at(-1);
      throw new UserError(field !== undefined ? `--${String(field)}` : 'render', issue.message);
    }
    const loaded = {
      value: checked.data,
      file: '<command line>',
      placeOf: (path: FieldPath) => {
        const field = path.at(-1);
        return typeof field === 'string' && path.length > 2 ? `--${field}` : 'render';
      },
    };
    const cwd = process.cwd();
    const files = createFileAccess(defaultPathPolicy(cwd, options.allowAnyPath));
    const problems = new Problems();
    const images = await preloadImageMasks(loaded.value, cwd, files, loaded.placeOf, (e) => problems.add(e));
    plan = planBook(loaded, { files, images, problems, specDir: cwd });
  }
  const p = plan.puzzles[index];
  const puzzle = choosePuzzle(plan, p, p.usesRating, undefined, (w) =>
    process.stderr.write(`warning: ${w}\n`),
  );
  return { plan, puzzle };
}

/** A page just big enough for the maze, its markers and a margin. */
function mazeDocument(plan: BookPlan, p: ChosenPuzzle, options: RenderMazeOptions): DisplayDocument {
  const { theme } = plan;
  const side = parseLength(options.size ?? DEFAULT_SIZE, '--size');
  const { grid } = p.maze;
  const scale = side / Math.max(grid.width, grid.height);
  const room = theme.markers.size * 1.75 + PAGE_MARGIN;
  const rect = { x: room, y: room, width: grid.width * scale, height: grid.height * scale };
  const items: Item[] = drawMaze(
    p.maze,
    rect,
    {
      walls: { color: theme.colors.walls, ...theme.walls },
      ...(theme.colors.background ? { background: theme.colors.background } : {}),
      markers: { color: theme.colors.markers, size: theme.markers.size },
      ...(options.solution
        ? {
            solution: {
              color: theme.colors.solution,
              width: theme.solution.width,
              cap: 'round',
              join: 'round',
            },
          }
        : {}),
    },
    options.solution ? p.solution : undefined,
  );
  const fonts: Record<string, string> = {
    heading: theme.fonts.heading.path,
    body: theme.fonts.body.path,
  };
  if (p.mazegram && p.plan.mazegram) {
    fonts.letters1 = p.plan.mazegram.font.path;
    items.push(
      ...drawLetters(p.maze, p.recipe.shape, p.mazegram, fitGrid(grid, rect), {
        fontKey: 'letters1',
        face: p.plan.mazegram.font,
        message: theme.colors.letters,
        decoy: options.solution ? theme.colors.muted : theme.colors.letters,
      }),
    );
  }
  const bg = theme.colors.page.toLowerCase();
  return {
    info: { title: p.plan.key, subject: 'a maze', keywords: 'maze', date: plan.date },
    fonts,
    pages: [
      {
        width: rect.width + 2 * room,
        height: rect.height + 2 * room,
        background: bg === '#ffffff' || bg === '#fff' ? undefined : bg,
        items,
      },
    ],
  };
}
