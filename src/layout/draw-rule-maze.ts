import type { Solution } from '../analyze/solve.js';
import type { Maze } from '../generate/maze.js';
import type { BookPlan, RuleCaption } from '../plan/book-plan.js';
import { mixColors } from '../plan/palette.js';
import type { Rect } from '../plan/rect.js';
import { RULE_SYMBOL_SHARE } from '../plan/resolve-rule.js';
import { DIRECTION_DX, DIRECTION_DY, type RulePuzzle } from '../rules/rule-puzzle.js';
import { capHeight, textWidth } from '../text/fonts.js';
import { PathBuilder } from '../vector/path-data.js';
import { answerWallColor, inkGrey, routeColors } from './answer-key-style.js';
import type { Item } from './display-list.js';
import { drawMaze, fitGrid, type MazeStyle } from './draw-maze.js';
import { drawMarkers } from './markers.js';
import { arrowPath, SYMBOL_COLORS, shapeData, shapePath } from './rule-symbols.js';
import { type TextStyle, wrapText } from './text-items.js';

/**
 * Draws a rule maze (src/rules/) fitted into `rect`: its board's frame (the outer wall with the start and goal
 * openings, `style.walls`), thin lines between the cells, the start and goal cells tinted, every cell's symbol
 * (numbers in the heading font, shapes and arrows as filled vector paths, a star on the goal of arrow and jump
 * mazes), then the markers. With a solution (answers): the visited cells filled with the route's band colour,
 * the route through the cells' centres passing under the symbols (a disc of the cell's colour behind each
 * symbol it crosses), and for arrow and jump mazes each visited cell's step number in its corner.
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
  const crossed = answers ? crossedCells(rule) : new Uint8Array(rule.columns * rule.rows);
  if (answers && style.solution) {
    const line = { ...style.solution, width: Math.max(0.5, Math.min(style.solution.width, 0.12 * cell)) };
    items.push({ type: 'path', path: routeThroughCentres(rule, centre), stroke: line, role: 'route' });
  }
  if (show.symbols) items.push(...symbols(book, rule, centre, cell, crossed, visited, colors));
  if (answers) {
    items.push(...stepNumbers(book, rule, centre, cell, colors.line));
  }
  items.push(...walls);
  if (style.markers) items.push(...drawMarkers(maze, place, rect, style.walls.width, style.markers));
  return items;
}

/** The colours a rule maze is drawn with (black ink: greys only). */
function ruleColors(book: BookPlan) {
  const { theme } = book;
  const paper = theme.colors.background ?? theme.colors.page;
  const { band, line } = routeColors(book);
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

/** The route through the centres of the solution's cells. */
function routeThroughCentres(rule: RulePuzzle, centre: (c: number) => [number, number]) {
  const b = new PathBuilder();
  rule.path.forEach((c, i) => {
    const [x, y] = centre(c);
    if (i === 0) b.moveTo(x, y);
    else b.lineTo(x, y);
  });
  return b.finish();
}

/** The cells the route's line passes over: its own and those a move jumps across. */
function crossedCells(rule: RulePuzzle): Uint8Array {
  const { columns } = rule;
  const out = new Uint8Array(rule.columns * rule.rows);
  for (let i = 0; i < rule.path.length; i++) {
    out[rule.path[i]] = 1;
    if (i === 0) continue;
    const a = rule.path[i - 1];
    const b = rule.path[i];
    const dx = Math.sign((b % columns) - (a % columns));
    const dy = Math.sign(Math.floor(b / columns) - Math.floor(a / columns));
    for (let c = a + dy * columns + dx; c !== b; c += dy * columns + dx) out[c] = 1;
  }
  return out;
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
    const [x, y] = centre(rule.goal);
    items.push({ type: 'path', path: shapeData('star', x, y, cell * 0.26), fill: colors.goal });
  }
  return items;
}

/** Answers: each visited cell's step (1, 2, … from the start) small in its corner, where the cell has room. */
function stepNumbers(
  book: BookPlan,
  rule: RulePuzzle,
  centre: (c: number) => [number, number],
  cell: number,
  color: string,
): Item[] {
  const size = cell * 0.24;
  if (size < book.floors.text) return [];
  const face = book.theme.fonts.body;
  const cap = capHeight(face, size);
  const items: Item[] = [];
  rule.path.forEach((c, i) => {
    if (i === 0) return;
    const [x, y] = centre(c);
    items.push({
      type: 'text',
      text: String(i),
      x: x - cell * 0.44,
      y: y - cell * 0.44 + cap,
      size,
      font: 'body',
      color,
    });
  });
  return items;
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
