import type { Solution } from '../analyze/solve.js';
import type { Maze } from '../generate/maze.js';
import type { BookPlan, RuleCaption } from '../plan/book-plan.js';
import { mixColors } from '../plan/palette.js';
import type { Rect } from '../plan/rect.js';
import { RULE_SYMBOL_SHARE } from '../plan/resolve-rule.js';
import { DIRECTION_DX, DIRECTION_DY, type RulePuzzle } from '../rules/rule-puzzle.js';
import { capHeight, textWidth } from '../text/fonts.js';
import { PathBuilder } from '../vector/path-data.js';
import { answerWallColor, greyInk, inkGrey, routeColors } from './answer-key-style.js';
import type { Item } from './display-list.js';
import { drawMaze, fitGrid, type MazeStyle } from './draw-maze.js';
import { drawMarkers } from './markers.js';
import { arrowPath, SYMBOL_COLORS, shapeData, shapePath } from './rule-symbols.js';
import { type TextStyle, wrapText } from './text-items.js';

/**
 * Draws a rule maze (src/rules/) fitted into `rect`: its board's frame (the outer wall with the start and goal
 * openings, `style.walls`), thin lines between the cells, the start and goal cells tinted, every cell's symbol
 * (numbers in the heading font, shapes and arrows as filled vector paths, a target on the goal of arrow and
 * jump mazes), then the markers (in outline on an arrow maze). With a solution (answers): the visited cells filled with the route's band colour
 * (at least {@link RULE_BAND_INK} in grey), each move a solid line over a halo of the paper's colour with an
 * arrowhead ({@link routeMoves}: clear of the symbols of the cells it jumps over), the symbols of the visited
 * cells on discs of the band colour above it, and each visited cell's step number on a chip (none on a
 * count-up maze, whose values give the order).
 *
 * Symbols are `RULE_SYMBOL_SHARE` of a cell (numbers of three digits and more smaller, to fit); with
 * `symbols: false` (an answer thumbnail too small for them) they are left out.
 */
export function drawRuleMaze(
  book: BookPlan,
  p: { maze: Maze; rule: RulePuzzle },
  rect: Rect,
  style: MazeStyle,
  solution?: Solution,
  show: { symbols: boolean } = { symbols: true },
): Item[] {
  const { maze, rule } = p;
  const place = fitGrid(maze.grid, rect);
  const cell = place.scale;
  const frame = drawMaze(maze, rect, {
    walls: style.walls,
    ...(style.background ? { background: style.background } : {}),
  });
  const walls = frame.filter((i) => i.type === 'path' && i.role === 'walls');
  const items: Item[] = frame.filter((i) => !walls.includes(i));
  const centre = (c: number): [number, number] => [
    place.ox + maze.grid.cellX[c] * cell,
    place.oy + maze.grid.cellY[c] * cell,
  ];
  const answers = solution !== undefined && (style.solution !== undefined || style.band !== undefined);
  const colors = ruleColors(book);
  items.push(...cellFills(rule, centre, cell, answers ? colors.band : colors.ends, answers));
  items.push(latticeLines(book, maze, place.ox, place.oy, cell));
  const visited = new Uint8Array(rule.columns * rule.rows);
  for (const c of rule.path) visited[c] = 1;
  const crossed = answers ? visited : new Uint8Array(rule.columns * rule.rows);
  const moves = answers ? routeMoves(rule, centre, cell) : undefined;
  if (answers && style.solution && moves) {
    const width = Math.max(0.5, Math.min(style.solution.width, 0.12 * cell));
    const line = { ...style.solution, width, dash: undefined, cap: 'round' as const, join: 'round' as const };
    const halo = { ...line, color: colors.paper, width: width + 2 * Math.max(0.75, 0.35 * width) };
    items.push({ type: 'path', path: moves.path, stroke: halo });
    items.push({ type: 'path', path: moves.path, stroke: line, role: 'route' });
    items.push({ type: 'path', path: arrowHeads(moves.heads, width, cell), fill: line.color, role: 'route' });
  }
  if (show.symbols) items.push(...symbols(book, rule, centre, cell, crossed, visited, colors));
  if (answers && moves && !countsUp(rule)) {
    items.push(...stepNumbers(book, rule, centre, cell, colors, moves.stubs, style.walls.width));
  }
  items.push(...walls);
  if (style.markers) {
    const markers = drawMarkers(maze, place, rect, style.walls.width, style.markers);
    items.push(...(rule.rule.kind === 'arrows' ? outlined(markers, colors.paper) : markers));
  }
  return items;
}

/**
 * An arrow maze's start and finish arrows in outline (filled with the paper's colour, edged in their own
 * colour), so they never read as one of the puzzle's solid arrows.
 */
function outlined(markers: Item[], paper: string): Item[] {
  return markers.map((i) =>
    i.type === 'path' && i.fill && !i.stroke
      ? { ...i, fill: paper, stroke: { color: i.fill, width: 1.2, cap: 'round', join: 'miter' } }
      : i,
  );
}

/** How dark, in grey, the visited cells of a rule maze's answer are at least (35 % K). */
export const RULE_BAND_INK = 0.35;

/** The colours a rule maze is drawn with (black ink: greys only). */
function ruleColors(book: BookPlan) {
  const { theme } = book;
  const paper = theme.colors.background ?? theme.colors.page;
  const route = routeColors(book);
  const { line } = route;
  // The visited cells of an answer: at least RULE_BAND_INK dark in grey (black ink: that grey).
  const band =
    greyInk(route.band) >= RULE_BAND_INK
      ? route.band
      : book.ink === 'black'
        ? inkGrey(RULE_BAND_INK + 0.01)
        : mixColors(route.band, '#000000', 0.15);
  return {
    text: theme.colors.text,
    paper,
    band,
    line,
    /** The start and goal cells' tint: a light grey, or the markers' colour washed towards the paper. */
    ends: book.ink === 'black' ? inkGrey(0.12) : mixColors(theme.colors.markers, paper, 0.82),
    goal: book.ink === 'black' ? theme.colors.text : theme.colors.markers,
    colour: book.ink !== 'black',
  };
}

/** Cells filled: the start and goal (puzzle pages), or every visited cell (answers). */
function cellFills(
  rule: RulePuzzle,
  centre: (c: number) => [number, number],
  cell: number,
  color: string,
  answers: boolean,
): Item[] {
  const b = new PathBuilder();
  const fill = (c: number): void => {
    const [x, y] = centre(c);
    const h = cell / 2;
    b.moveTo(x - h, y - h)
      .lineTo(x + h, y - h)
      .lineTo(x + h, y + h)
      .lineTo(x - h, y + h)
      .close();
  };
  if (answers) for (const c of rule.path) fill(c);
  else {
    fill(rule.start);
    fill(rule.goal);
  }
  return [{ type: 'path', path: b.finish(), fill: color }];
}

/** The thin lines between cells, in the answer key's wall grey. */
function latticeLines(book: BookPlan, maze: Maze, ox: number, oy: number, cell: number): Item {
  const { grid } = maze;
  let x0 = Infinity;
  let y0 = Infinity;
  for (let c = 0; c < grid.cellCount; c++) {
    x0 = Math.min(x0, grid.cellX[c] - 0.5);
    y0 = Math.min(y0, grid.cellY[c] - 0.5);
  }
  const columns = Math.round(grid.width);
  const rows = Math.round(grid.height);
  const b = new PathBuilder();
  const X = (x: number) => ox + (x0 + x) * cell;
  const Y = (y: number) => oy + (y0 + y) * cell;
  for (let x = 1; x < columns; x++) b.moveTo(X(x), Y(0)).lineTo(X(x), Y(rows));
  for (let y = 1; y < rows; y++) b.moveTo(X(0), Y(y)).lineTo(X(columns), Y(y));
  const width = Math.max(book.print.rules.minLine, 0.5, 0.4 * book.theme.walls.width);
  return {
    type: 'path',
    path: b.finish(),
    stroke: { color: answerWallColor(book), width, cap: 'butt', join: 'miter' },
  };
}

/** Whether a maze's values already give the order of its way (count up 1, 2, 3 …): its answer needs no steps. */
export function countsUp(rule: RulePuzzle): boolean {
  return rule.rule.kind === 'numbers' && rule.rule.follow.kind === 'count-up';
}

/** An arrowhead on a route: where its middle is and which way it points (a unit vector). */
interface Head {
  x: number;
  y: number;
  ux: number;
  uy: number;
}

/**
 * The answer's route, one move at a time from landing cell to landing cell. A move to a cell beside its
 * own runs straight between the two centres. A longer move (an arrow or a jump over cells) leaves its cell's
 * centre for the cell's edge (or, on a diagonal, part way to its corner), runs along that line beside the cells it jumps
 * over, then turns into the landing cell's centre: it never crosses the symbols of the cells between. It
 * keeps to the left of its way (page coordinates, y down) unless that line is the board's rim, then to the
 * right. Each move carries an arrowhead half way along. `stubs` lists, per cell, the unit directions in which
 * the route leaves its centre (where a step number must not go).
 */
function routeMoves(rule: RulePuzzle, centre: (c: number) => [number, number], cell: number) {
  const { columns, rows } = rule;
  const b = new PathBuilder();
  const heads: Head[] = [];
  const stubs: [number, number][][] = Array.from({ length: columns * rows }, () => []);
  const stub = (c: number, x: number, y: number): void => {
    const len = Math.hypot(x, y) || 1;
    stubs[c].push([x / len, y / len]);
  };
  for (let i = 1; i < rule.path.length; i++) {
    const a = rule.path[i - 1];
    const z = rule.path[i];
    const [ax, ay] = [a % columns, Math.floor(a / columns)];
    const [zx, zy] = [z % columns, Math.floor(z / columns)];
    const dx = Math.sign(zx - ax);
    const dy = Math.sign(zy - ay);
    const len = Math.hypot(dx, dy);
    const [x0, y0] = centre(a);
    const [x1, y1] = centre(z);
    if (Math.max(Math.abs(zx - ax), Math.abs(zy - ay)) <= 1) {
      b.moveTo(x0, y0).lineTo(x1, y1);
      heads.push({ x: (x0 + x1) / 2, y: (y0 + y1) / 2, ux: dx / len, uy: dy / len });
      stub(a, dx, dy);
      stub(z, -dx, -dy);
      continue;
    }
    // The left of the way, in cells (unnormalised: half of it reaches an edge's middle or a corner).
    let nx = dy;
    let ny = -dx;
    // Only orthogonal moves can lie on the rim (a diagonal's line keeps inside the board).
    const onRim = (sx: number, sy: number): boolean =>
      ((dx === 0 || dy === 0) &&
        [ax + sx / 2, zx + sx / 2].some((x) => x <= -0.5 + 1e-9 || x >= columns - 0.5 - 1e-9)) ||
      [ay + sy / 2, zy + sy / 2].some((y) => y <= -0.5 + 1e-9 || y >= rows - 0.5 - 1e-9);
    if (onRim(nx, ny) && !onRim(-nx, -ny)) {
      nx = -nx;
      ny = -ny;
    }
    // Orthogonal: on the grid line between the rows (columns); diagonal: midway between the cells' diagonal
    // and the next one, a quarter of the diagonal's spacing from each (never through a corner: that line
    // runs through the centres of the next diagonal's cells).
    const share = dx !== 0 && dy !== 0 ? 0.25 : 0.5;
    const ox = nx * cell * share;
    const oy = ny * cell * share;
    b.moveTo(x0, y0)
      .lineTo(x0 + ox, y0 + oy)
      .lineTo(x1 + ox, y1 + oy)
      .lineTo(x1, y1);
    heads.push({ x: (x0 + x1) / 2 + ox, y: (y0 + y1) / 2 + oy, ux: dx / len, uy: dy / len });
    stub(a, nx, ny);
    stub(z, nx, ny);
  }
  return { path: b.finish(), heads, stubs };
}

/** Filled arrowheads for a route line `width` wide in cells `cell` wide. */
function arrowHeads(heads: Head[], width: number, cell: number) {
  const b = new PathBuilder();
  const long = Math.max(2.8 * width, 0.18 * cell);
  const half = 0.55 * long;
  for (const h of heads) {
    const tx = h.x + (h.ux * long) / 2;
    const ty = h.y + (h.uy * long) / 2;
    const bx = h.x - (h.ux * long) / 2;
    const by = h.y - (h.uy * long) / 2;
    b.moveTo(tx, ty)
      .lineTo(bx - h.uy * half, by + h.ux * half)
      .lineTo(bx + h.uy * half, by - h.ux * half)
      .close();
  }
  return b.finish();
}

/** The symbols of every cell. */
function symbols(
  book: BookPlan,
  rule: RulePuzzle,
  centre: (c: number) => [number, number],
  cell: number,
  crossed: Uint8Array,
  visited: Uint8Array,
  colors: ReturnType<typeof ruleColors>,
): Item[] {
  const items: Item[] = [];
  const kind = rule.rule.kind;
  const n = rule.columns * rule.rows;
  const knock = new PathBuilder();
  const knockVisited = new PathBuilder();
  let knocked = false;
  let knockedVisited = false;
  for (let c = 0; c < n; c++) {
    if (crossed[c] === 0) continue;
    const [x, y] = centre(c);
    const b = visited[c] ? knockVisited : knock;
    b.moveTo(x + 0.34 * cell, y)
      .arc(x, y, 0.34 * cell, 0, 2 * Math.PI)
      .close();
    if (visited[c]) knockedVisited = true;
    else knocked = true;
  }
  if (knocked) items.push({ type: 'path', path: knock.finish(), fill: colors.paper });
  if (knockedVisited) items.push({ type: 'path', path: knockVisited.finish(), fill: colors.band });
  if (kind === 'numbers' || kind === 'jumps') {
    const face = book.theme.fonts.heading;
    const base = cell * RULE_SYMBOL_SHARE;
    for (let c = 0; c < n; c++) {
      const [x, y] = centre(c);
      const v = rule.cells[c];
      if (kind === 'jumps' && c === rule.goal) continue;
      const text = String(v);
      const size = Math.min(base, (0.8 * cell * base) / Math.max(1e-9, textWidth(face, text, base)));
      const w = textWidth(face, text, size);
      const cap = capHeight(face, size);
      items.push({
        type: 'text',
        text,
        x: x - w / 2,
        y: y + cap / 2,
        size,
        font: 'heading',
        color: colors.text,
      });
    }
  } else if (kind === 'sequence') {
    const names = rule.rule.kind === 'sequence' ? rule.rule.symbols : [];
    const r = cell * RULE_SYMBOL_SHARE * 0.62;
    // One path per shape, so each takes its own colour in colour books.
    names.forEach((name, k) => {
      const b = new PathBuilder();
      for (let c = 0; c < n; c++) {
        if (rule.cells[c] !== k) continue;
        const [x, y] = centre(c);
        shapePath(b, name, x, y, r);
      }
      if (b.isEmpty) return;
      items.push(
        colors.colour
          ? {
              type: 'path',
              path: b.finish(),
              fill: SYMBOL_COLORS[name],
              stroke: { color: colors.text, width: Math.max(0.5, r * 0.09), cap: 'round', join: 'round' },
            }
          : { type: 'path', path: b.finish(), fill: colors.text },
      );
    });
  } else {
    const b = new PathBuilder();
    for (let c = 0; c < n; c++) {
      const d = rule.cells[c];
      if (d < 0) continue;
      const [x, y] = centre(c);
      arrowPath(b, d, x, y, cell * 0.64);
    }
    items.push({ type: 'path', path: b.finish(), fill: colors.text });
  }
  if (kind === 'arrows' || kind === 'jumps') {
    // The goal: a target (a ring round a dot), a mark no rule uses as a symbol.
    const [x, y] = centre(rule.goal);
    const b = new PathBuilder();
    for (const r of [0.3, 0.2, 0.1]) {
      b.moveTo(x + r * cell, y)
        .arc(x, y, r * cell, 0, 2 * Math.PI)
        .close();
    }
    items.push({ type: 'path', path: b.finish(), fill: colors.goal, evenOdd: true });
  }
  return items;
}

/** Step numbers on answers are set at least this size (points), and never under the book's smallest text. */
export const STEP_NUMBER_SIZE = 8;

/**
 * Answers: each visited cell's step (1 at the start, 2, 3 … in order) at {@link STEP_NUMBER_SIZE} or the
 * book's smallest text (the larger), up to 9.5 pt where cells are roomy, dark on a chip of the paper's colour
 * in the corner of its cell furthest from the route's lines there, clear of the cell's edges by `frame` / 2
 * and a point. Left out where a chip would take more than three quarters of a cell (a thumbnail).
 */
function stepNumbers(
  book: BookPlan,
  rule: RulePuzzle,
  centre: (c: number) => [number, number],
  cell: number,
  colors: ReturnType<typeof ruleColors>,
  stubs: [number, number][][],
  frame: number,
): Item[] {
  const floor = Math.max(STEP_NUMBER_SIZE, book.floors.text);
  const size = Math.max(floor, Math.min(9.5, 0.26 * cell));
  const face = book.theme.fonts.body;
  const cap = capHeight(face, size);
  const pad = 0.22 * size;
  const edge = frame / 2 + 1;
  const widest = textWidth(face, String(rule.path.length), size) + 2 * pad;
  if (widest > 0.75 * cell) return [];
  const chips = new PathBuilder();
  const items: Item[] = [];
  const corners: [number, number][] = [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ];
  rule.path.forEach((c, i) => {
    const [x, y] = centre(c);
    const text = String(i + 1);
    const w = textWidth(face, text, size) + 2 * pad;
    const h = cap + 2 * pad;
    // The corner whose direction is furthest from every line leaving the cell's centre.
    let best = corners[0];
    let bestScore = Infinity;
    for (const k of corners) {
      const score = Math.max(-2, ...stubs[c].map(([sx, sy]) => (sx * k[0] + sy * k[1]) / Math.SQRT2));
      if (score < bestScore - 1e-9) {
        best = k;
        bestScore = score;
      }
    }
    const left = best[0] < 0 ? x - cell / 2 + edge : x + cell / 2 - edge - w;
    const top = best[1] < 0 ? y - cell / 2 + edge : y + cell / 2 - edge - h;
    chips
      .moveTo(left, top)
      .lineTo(left + w, top)
      .lineTo(left + w, top + h)
      .lineTo(left, top + h)
      .close();
    items.push({
      type: 'text',
      text,
      x: left + pad,
      y: top + pad + cap,
      size,
      font: 'body',
      color: colors.line,
    });
  });
  return [{ type: 'path', path: chips.finish(), fill: colors.paper }, ...items];
}

/** An arrow's unit step, for tests. */
export function arrowStep(d: number): [number, number] {
  return [DIRECTION_DX[d], DIRECTION_DY[d]];
}

/**
 * The line of instructions under a rule maze, centred on `cx` with its first baseline at `y`: the caption's
 * text wrapped to `width`, then for a sequence its shapes in order and `…`, after the text on its last line or
 * on a line of their own. `lines` counts every line, the shapes' own included; the text is set at the body
 * size, or smaller down to the book's smallest text until it fits.
 * @returns the items, or undefined when the text cannot fit
 */
export function drawCaption(
  book: BookPlan,
  caption: RuleCaption,
  cx: number,
  y: number,
  width: number,
  lines = 2,
): Item[] | undefined {
  const { theme } = book;
  const shapes = caption.symbols ? [...caption.symbols, caption.symbols[0]] : [];
  const face = theme.fonts.body;
  const fitted = fitCaption(book, caption.text, shapes.length, width, lines);
  if (!fitted) return undefined;
  const { size, tail, gap } = fitted;
  const style: TextStyle = { font: 'body', size, color: theme.colors.text };
  const shapeSide = size;
  if (fitted.ownLine) fitted.lines.push('');
  const items: Item[] = [];
  fitted.lines.forEach((line, i) => {
    const last = i === fitted.lines.length - 1;
    const w = textWidth(face, line, size) + (last ? tail - (line === '' ? gap : 0) : 0);
    const x = cx - w / 2;
    const base = y + i * size * 1.25;
    if (line !== '')
      items.push({ type: 'text', text: line, x, y: base, size, font: style.font, color: style.color });
    if (!last || shapes.length === 0) return;
    let at = x + textWidth(face, line, size) + (line === '' ? 0 : gap);
    const mid = base - capHeight(face, size) / 2;
    shapes.forEach((name) => {
      const fill = book.ink === 'black' ? theme.colors.text : SYMBOL_COLORS[name];
      items.push({
        type: 'path',
        path: shapeData(name, at + shapeSide / 2, mid, shapeSide * 0.42),
        fill,
        ...(book.ink === 'black'
          ? {}
          : {
              stroke: { color: theme.colors.text, width: 0.5, cap: 'round' as const, join: 'round' as const },
            }),
      });
      at += shapeSide + gap;
    });
    items.push({ type: 'text', text: '…', x: at, y: base, size, font: style.font, color: style.color });
  });
  return items;
}

/**
 * A caption's text wrapped at the largest size from the body size down to the book's smallest text (in
 * steps of 4 %) at which its lines, and `shapes` shapes with `…` after them (on the last line, or on a line
 * of their own), fit `width` in at most `lines` lines.
 */
function fitCaption(
  book: BookPlan,
  text: string,
  shapes: number,
  width: number,
  lines: number,
): { lines: string[]; size: number; ownLine: boolean; tail: number; gap: number } | undefined {
  const { theme } = book;
  const face = theme.fonts.body;
  const trial = (size: number) => {
    const wrapped = wrapText(theme, text, { font: 'body', size, color: theme.colors.text }, width);
    if (wrapped.some((line) => textWidth(face, line, size) > width + 1e-9)) return undefined;
    const gap = size * 0.45;
    const tail = shapes > 0 ? gap + shapes * (size + gap) + textWidth(face, '…', size) : 0;
    const ownLine = tail > 0 && textWidth(face, wrapped[wrapped.length - 1], size) + tail > width;
    if (ownLine && tail - gap > width) return undefined;
    return wrapped.length + (ownLine ? 1 : 0) <= lines
      ? { lines: wrapped, size, ownLine, tail, gap }
      : undefined;
  };
  const floor = book.floors.text;
  for (let size = Math.max(theme.sizes.body, floor); size > floor; size *= 0.96) {
    const fitted = trial(size);
    if (fitted) return fitted;
  }
  return trial(floor);
}
