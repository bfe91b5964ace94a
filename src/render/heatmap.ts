import sharp from 'sharp';
import type { Solution } from '../analyze/solve.js';
import type { Maze } from '../generate/maze.js';
import type { Grid } from '../grid/grid.js';
import type { Item } from '../layout/display-list.js';
import { drawMaze, fitGrid } from '../layout/draw-maze.js';
import type { Placement } from '../layout/wall-paths.js';
import { type FontFace, textOutline, textWidth } from '../text/fonts.js';
import { PathBuilder, type PathData } from '../vector/path-data.js';
import { fmt, writePath } from './path-ops.js';

/**
 * Heatmaps of simulated solvers: every cell filled by how often the walks entered it, walls, solution and
 * entry/exit arrows on top. The colour scale is fixed, so heatmaps of different mazes compare directly.
 *
 * Visits per walk v (a cell's visits summed over all walks, divided by the walks) map to t ∈ [0, 1] on a log
 * scale, t = ln(v / HEAT_LOW) / ln(HEAT_HIGH / HEAT_LOW) clamped, and t to a pale yellow → orange → dark red
 * ramp (ColorBrewer YlOrRd). Cells no walk entered are white. A cell on the solution is entered at least
 * once per walk; one in a side branch about twice per walk that explored it (in, then back out).
 */

/** Visits per walk at the pale end of the ramp (and below, down to a single visit in all the walks). */
export const HEAT_LOW = 0.2;
/** Visits per walk at the dark end of the ramp (and above). */
export const HEAT_HIGH = 3;

/** ColorBrewer YlOrRd, 9 classes, as sRGB bytes: evenly spaced stops of the ramp. */
const RAMP: readonly (readonly [number, number, number])[] = [
  [255, 255, 204],
  [255, 237, 160],
  [254, 217, 118],
  [254, 178, 76],
  [253, 141, 60],
  [252, 78, 42],
  [227, 26, 28],
  [189, 0, 38],
  [128, 0, 38],
];

const UNVISITED = '#ffffff';
const WALLS = '#1a1a1a';
const SOLUTION = '#1f5fd6';
const TEXT = '#333333';

const hex2 = (n: number): string => Math.round(n).toString(16).padStart(2, '0');

/** Position on the ramp, in [0, 1], of a cell entered `perWalk` times per walk (> 0). */
export function heatLevel(perWalk: number): number {
  const t = Math.log(perWalk / HEAT_LOW) / Math.log(HEAT_HIGH / HEAT_LOW);
  return Math.min(1, Math.max(0, t));
}

/** The fill of a cell entered `perWalk` times per walk: `#rrggbb`, white for 0. */
export function heatColor(perWalk: number): string {
  if (!(perWalk > 0)) return UNVISITED;
  return rampColor(heatLevel(perWalk));
}

function rampColor(t: number): string {
  const x = t * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  const [a, b] = [RAMP[i], RAMP[i + 1]];
  return `#${hex2(a[0] + (b[0] - a[0]) * f)}${hex2(a[1] + (b[1] - a[1]) * f)}${hex2(a[2] + (b[2] - a[2]) * f)}`;
}

export interface HeatmapOptions {
  /** Longer side of the maze drawing, in SVG user units (px); default 1000. Margins and text add to it. */
  size?: number;
  /** Font for the caption and the legend's labels; without one the legend is the colour bar alone. */
  font?: FontFace;
  /** One line above the maze, e.g. the puzzle's title and rating; needs `font`. */
  caption?: string;
}

/**
 * A heatmap of a maze as a standalone SVG (units: px): one filled path per cell, in cell order, inside
 * `<g id="cells">`, then walls, the solution, the entry/exit arrows and a legend.
 *
 * @param visits visits per cell summed over `walks` walks (`Simulator.visits`), length `grid.cellCount`
 * @param walks the number of walks behind `visits`, ≥ 1
 */
export function heatmapSvg(
  maze: Maze,
  visits: ArrayLike<number>,
  walks: number,
  solution: Solution,
  options: HeatmapOptions = {},
): string {
  const { grid } = maze;
  if (visits.length !== grid.cellCount) {
    throw new RangeError(`heatmap: ${visits.length} visit counts for ${grid.cellCount} cells`);
  }
  const size = options.size ?? 1000;
  const long = Math.max(grid.width, grid.height);
  const mazeW = (size * grid.width) / long;
  const mazeH = (size * grid.height) / long;
  const unit = size / long; // px per grid unit: about one cell
  const markerSize = Math.min(size * 0.03, Math.max(6, unit * 0.8));
  const pad = Math.max(size * 0.03, markerSize * 2);
  const font = options.font;
  const textSize = size * 0.022;
  const captionH = font && options.caption ? textSize * 2.2 : 0;
  const legendH = size * 0.07;
  const width = mazeW + 2 * pad;
  const height = captionH + mazeH + 2 * pad + legendH;
  const rect = { x: pad, y: captionH + pad, width: mazeW, height: mazeH };
  const place = fitGrid(grid, rect);

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}" height="${fmt(height)}" viewBox="0 0 ${fmt(width)} ${fmt(height)}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  ];
  if (font && options.caption) {
    parts.push(text(font, options.caption, pad, pad * 0.5 + textSize * 1.2, textSize, TEXT));
  }

  // Cells: a hairline stroke of the fill colour closes the anti-aliasing seams between neighbours.
  const seam = fmt(Math.max(0.5, unit * 0.04));
  parts.push(`<g id="cells" stroke-width="${seam}" stroke-linejoin="round">`);
  const walksN = Math.max(1, walks);
  for (let c = 0; c < grid.cellCount; c++) {
    const color = heatColor(visits[c] / walksN);
    parts.push(`<path d="${pathD(cellOutline(grid, c, place))}" fill="${color}" stroke="${color}"/>`);
  }
  parts.push('</g>');

  const items: Item[] = drawMaze(
    maze,
    rect,
    {
      walls: { color: WALLS, width: Math.max(1, unit * 0.09), cap: 'round', join: 'round' },
      solution: { color: SOLUTION, width: Math.max(0.8, unit * 0.07), cap: 'round', join: 'round' },
      markers: { color: WALLS, size: markerSize },
    },
    solution,
  );
  for (const item of items) {
    if (item.type !== 'path') continue;
    const attrs = [`d="${pathD(item.path)}"`, `fill="${item.fill ?? 'none'}"`];
    if (item.stroke) {
      const s = item.stroke;
      attrs.push(
        `stroke="${s.color}" stroke-width="${fmt(s.width)}" stroke-linecap="${s.cap}" stroke-linejoin="${s.join}"`,
      );
    }
    parts.push(`<path ${attrs.join(' ')}/>`);
  }

  parts.push(legend(pad, captionH + mazeH + 2 * pad, Math.min(mazeW, size * 0.8), legendH, font));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/**
 * A PNG of a heatmap SVG, rasterised so its longer side is about `longSide` px.
 * @param svg an SVG from {@link heatmapSvg} (its width and height attributes are read for the scale)
 */
export async function heatmapPng(svg: string, longSide = 1200): Promise<Buffer> {
  const m = /<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  const long = m ? Math.max(Number(m[1]), Number(m[2])) : longSide;
  // sharp reads an SVG's px units at 72 dpi: scale the density to reach the wanted size.
  const density = (72 * longSide) / long;
  return sharp(Buffer.from(svg), { density }).png({ compressionLevel: 9 }).toBuffer();
}

/** The closed outline of a cell from its walls (one loop), arcs kept as arcs, mapped by `place`. */
function cellOutline(grid: Grid, cell: number, { ox, oy, scale }: Placement): PathData {
  const walls: number[] = [];
  for (let k = grid.adjStart[cell]; k < grid.adjStart[cell + 1]; k++) walls.push(grid.adjWall[k]);
  for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++) walls.push(grid.rimWall[k]);
  const b = new PathBuilder();
  if (walls.length === 0) return b.finish();
  const X = (v: number): number => ox + grid.vertexX[v] * scale;
  const Y = (v: number): number => oy + grid.vertexY[v] * scale;
  const cx = ox + (grid.arcs?.cx ?? 0) * scale;
  const cy = oy + (grid.arcs?.cy ?? 0) * scale;
  const used = new Uint8Array(walls.length);
  const start = grid.wallV0[walls[0]];
  let v = start;
  b.moveTo(X(v), Y(v));
  for (let n = 0; n < walls.length; n++) {
    let i = 0;
    while (
      i < walls.length &&
      (used[i] !== 0 || (grid.wallV0[walls[i]] !== v && grid.wallV1[walls[i]] !== v))
    )
      i++;
    if (i === walls.length) break; // not a closed loop: close what there is
    used[i] = 1;
    const w = walls[i];
    const u = grid.wallV0[w] === v ? grid.wallV1[w] : grid.wallV0[w];
    if (grid.arcs && grid.arcs.curved[w] !== 0) {
      b.arcAround(cx, cy, X(v), Y(v), X(u), Y(u));
    } else if (u !== start) {
      b.lineTo(X(u), Y(u));
    }
    v = u;
    if (v === start) break;
  }
  return b.close().finish();
}

function pathD(path: PathData): string {
  const d: string[] = [];
  writePath(
    path,
    (x, y) => d.push(`M${x} ${y}`),
    (x, y) => d.push(`L${x} ${y}`),
    () => d.push('Z'),
    (x1, y1, x2, y2, x, y) => d.push(`C${x1} ${y1} ${x2} ${y2} ${x} ${y}`),
  );
  return d.join('');
}

function text(font: FontFace, s: string, x: number, y: number, size: number, color: string): string {
  return `<path transform="translate(${fmt(x)} ${fmt(y)})" fill="${color}" d="${textOutline(font, s, size)}"/>`;
}

/** Ticks of the legend, in visits per walk. */
const TICKS: readonly (readonly [number, string])[] = [
  [HEAT_LOW, String(HEAT_LOW)],
  [0.5, '0.5'],
  [1, '1'],
  [2, '2'],
  [HEAT_HIGH, `${HEAT_HIGH}+`],
];

/**
 * The colour bar: a white swatch for cells never entered, then the ramp from HEAT_LOW to HEAT_HIGH visits per
 * walk, with tick labels when there is a font.
 */
function legend(x: number, y: number, width: number, height: number, font: FontFace | undefined): string {
  const size = height * 0.3;
  const barH = height * 0.3;
  const parts: string[] = [];
  let left = x;
  if (font) {
    const label = 'visits per walk';
    parts.push(text(font, label, left, y + barH * 0.8, size, TEXT));
    left += textWidth(font, label, size) + size;
  }
  const swatch = barH * 1.6;
  parts.push(
    `<rect x="${fmt(left)}" y="${fmt(y)}" width="${fmt(swatch)}" height="${fmt(barH)}" fill="${UNVISITED}" stroke="${WALLS}" stroke-width="0.5"/>`,
  );
  if (font)
    parts.push(
      text(font, '0', left + swatch / 2 - textWidth(font, '0', size) / 2, y + barH + size * 1.3, size, TEXT),
    );
  left += swatch + size;
  const barW = Math.max(width - (left - x), width * 0.4);
  const stops = RAMP.map(
    (_, i) =>
      `<stop offset="${fmt(i / (RAMP.length - 1))}" stop-color="${rampColor(i / (RAMP.length - 1))}"/>`,
  );
  parts.push(`<defs><linearGradient id="ramp">${stops.join('')}</linearGradient></defs>`);
  parts.push(
    `<rect x="${fmt(left)}" y="${fmt(y)}" width="${fmt(barW)}" height="${fmt(barH)}" fill="url(#ramp)" stroke="${WALLS}" stroke-width="0.5"/>`,
  );
  for (const [v, label] of TICKS) {
    const tx = left + heatLevel(v) * barW;
    parts.push(
      `<path d="M${fmt(tx)} ${fmt(y + barH)}L${fmt(tx)} ${fmt(y + barH + size * 0.3)}" stroke="${WALLS}" stroke-width="0.75"/>`,
    );
    if (!font) continue;
    const w = textWidth(font, label, size);
    const lx = Math.min(left + barW - w, Math.max(left, tx - w / 2));
    parts.push(text(font, label, lx, y + barH + size * 1.3, size, TEXT));
  }
  return parts.join('\n');
}
