import type { Grid } from '../grid/grid.js';
import type { CellFlow } from '../mask/flow.js';
import { UserError } from '../spec/errors.js';
import { MinHeap } from './min-heap.js';
import { type AlgorithmName, type AlgorithmOptions, algorithmInfo, algorithmNames } from './registry.js';

/**
 * How a region of a picture maze is filled (Xu & Kaplan §4), on whatever grid the maze has: textures bias
 * the order in which a region's walls are considered by Kruskal's algorithm (walls that should stand come
 * late), an algorithm name fills the region with that algorithm.
 *
 * - `directional`: passages, and the walls between them, run along one direction (`angle`) or along the
 *   picture's edges (`flow`);
 * - `concentric`: walls run parallel to the region's outline, so the region fills with rings echoing its
 *   shape (the paper's spiral regions);
 * - `random`: no bias (Kruskal's even texture).
 */
export type TextureName = 'directional' | 'concentric' | 'random';
export const textureNames: readonly TextureName[] = ['directional', 'concentric', 'random'];

export interface RegionStyle {
  /** A texture, or an algorithm that works on any grid. */
  texture: TextureName | AlgorithmName;
  /** directional: direction of the walls in degrees, anticlockwise from horizontal as seen on the page. */
  angle?: number;
  /** directional: follow the picture's edges (needs the cells' flow) instead of `angle`. */
  flow?: boolean;
  /** directional and concentric: how much likelier a passage along the direction is than across, ≥ 1. */
  strength?: number;
  /** Options for an algorithm texture. */
  options?: Partial<AlgorithmOptions>;
  /** Openings to each neighbouring region, in [1, 4] (the larger of the two regions' counts is used). */
  doors?: number;
  /** How the region is named in messages, e.g. its colour. */
  name?: string;
}

/** A style with its defaults filled in. */
export interface ResolvedStyle extends RegionStyle {
  angle: number;
  flow: boolean;
  strength: number;
  doors: number;
}

/** Default strengths: concentric rings want a firmer hand than a direction. */
export const DEFAULT_STRENGTH = { directional: 6, concentric: 12 } as const;

export const MAX_DOORS = 4;

/**
 * Checks a style the way a spec validator would and returns it with defaults filled in.
 * @throws UserError naming the style for a texture that cannot fill an arbitrary region, or out-of-range values
 */
export function resolveStyle(style: RegionStyle, where: string): ResolvedStyle {
  const t = style.texture;
  const label = style.name ? `region ${style.name}` : 'region';
  if (!(textureNames as readonly string[]).includes(t)) {
    if (!(algorithmNames as readonly string[]).includes(t)) {
      throw new UserError(
        where,
        `${label}: unknown texture "${t}"`,
        `use ${[...textureNames, ...algorithmNames].join(', ')}`,
      );
    }
    const info = algorithmInfo[t as AlgorithmName];
    if ('squareOnly' in info || 'needsEnds' in info) {
      throw new UserError(
        where,
        `${label}: ${t} cannot fill a region (${'squareOnly' in info ? 'it needs a full rectangle of squares' : 'it needs the maze entry and exit before it starts'})`,
        'use another algorithm, or directional, concentric or random',
      );
    }
  }
  const doors = style.doors ?? 1;
  if (!(Number.isInteger(doors) && doors >= 1 && doors <= MAX_DOORS)) {
    throw new UserError(
      where,
      `${label}: doors must be a whole number from 1 to ${MAX_DOORS} (got ${doors})`,
    );
  }
  const strength =
    style.strength ?? (t === 'concentric' ? DEFAULT_STRENGTH.concentric : DEFAULT_STRENGTH.directional);
  if (!(strength >= 1 && strength <= 1000)) {
    throw new UserError(where, `${label}: strength must be between 1 and 1000 (got ${strength})`);
  }
  const angle = style.angle ?? 0;
  if (!Number.isFinite(angle)) throw new UserError(where, `${label}: angle must be a number of degrees`);
  return { ...style, doors, strength, angle, flow: style.flow ?? false };
}

/**
 * Per cell, the direction (radians from +x towards +y, y down) the walls of its region should follow, and how
 * firmly in [0, 1]; NaN where the region has no direction. Concentric regions run along their outline: each
 * cell takes the tangent of the nearest point of its piece's boundary, found by propagating nearest boundary
 * points outwards from the boundary walls (a Dijkstra over the piece's cells, linear-logarithmic).
 * @param piece per cell, its connected piece of one region; `style` per cell, its resolved style
 */
export function cellDirections(
  grid: Grid,
  piece: Int32Array,
  style: readonly ResolvedStyle[],
  styleOf: Int32Array,
  flow?: CellFlow,
): { angle: Float32Array; firmness: Float32Array } {
  const n = grid.cellCount;
  const angle = new Float32Array(n).fill(Number.NaN);
  const firmness = new Float32Array(n);
  let concentric = false;
  for (let c = 0; c < n; c++) {
    const s = style[styleOf[c]];
    if (s.texture === 'directional') {
      if (s.flow && flow) {
        angle[c] = flow.angle[c];
        firmness[c] = flow.strength[c];
      } else {
        angle[c] = (-s.angle * Math.PI) / 180; // anticlockwise on the page is clockwise in y-down coordinates
        firmness[c] = 1;
      }
    } else if (s.texture === 'concentric') concentric = true;
  }
  if (concentric) outlineTangents(grid, piece, style, styleOf, angle, firmness);
  return { angle, firmness };
}

/** Tangent of the nearest piece boundary at every cell of a concentric region. */
function outlineTangents(
  grid: Grid,
  piece: Int32Array,
  style: readonly ResolvedStyle[],
  styleOf: Int32Array,
  angle: Float32Array,
  firmness: Float32Array,
): void {
  const n = grid.cellCount;
  const isConcentric = (c: number) => style[styleOf[c]].texture === 'concentric';
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const dist = new Float64Array(n).fill(Infinity);
  const heap = new MinHeap(grid.adjCell.length + grid.rimWall.length + n);
  // Keys pack the distance (1/1024 grid unit steps) above the cell number.
  const CELL_BITS = 2 ** 21;
  const push = (c: number, d: number) => heap.push(Math.floor(d * 1024) * CELL_BITS + c);
  const offer = (c: number, x: number, y: number) => {
    const d = Math.hypot(grid.cellX[c] - x, grid.cellY[c] - y);
    if (d < dist[c]) {
      dist[c] = d;
      sx[c] = x;
      sy[c] = y;
      push(c, d);
    }
  };
  for (let w = 0; w < grid.wallCount; w++) {
    const a = grid.wallCellA[w];
    const b = grid.wallCellB[w];
    if (b >= 0 && piece[a] === piece[b]) continue;
    const mx = (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2;
    const my = (grid.vertexY[grid.wallV0[w]] + grid.vertexY[grid.wallV1[w]]) / 2;
    if (isConcentric(a)) offer(a, mx, my);
    if (b >= 0 && isConcentric(b)) offer(b, mx, my);
  }
  while (heap.size > 0) {
    const key = heap.pop();
    const c = key % CELL_BITS;
    if (Math.floor(dist[c] * 1024) !== (key - c) / CELL_BITS) continue; // stale entry
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const m = grid.adjCell[k];
      if (piece[m] === piece[c]) offer(m, sx[c], sy[c]);
    }
  }
  for (let c = 0; c < n; c++) {
    if (!isConcentric(c) || dist[c] === Infinity) continue;
    // Along the outline: across the line to the nearest boundary point.
    angle[c] = Math.atan2(grid.cellY[c] - sy[c], grid.cellX[c] - sx[c]) + Math.PI / 2;
    firmness[c] = 1;
  }
}

/**
 * How likely the wall between cells a and b is to open early: 1 + (strength − 1)·f·cos²θ, with θ the angle
 * between the step a → b and the direction at the wall (the two cells' directions averaged as axes) and f
 * the firmness there. A passage along the direction opens early, so the walls left standing run along it.
 */
export function stepBias(
  grid: Grid,
  a: number,
  b: number,
  angle: Float32Array,
  firmness: Float32Array,
  strength: number,
): number {
  const ta = angle[a];
  const tb = angle[b];
  if (Number.isNaN(ta) && Number.isNaN(tb)) return 1;
  // Average of two axes (directions modulo π): average the doubled angles.
  let cx = 0;
  let cy = 0;
  let count = 0;
  if (!Number.isNaN(ta)) {
    cx += Math.cos(2 * ta) * firmness[a];
    cy += Math.sin(2 * ta) * firmness[a];
    count++;
  }
  if (!Number.isNaN(tb)) {
    cx += Math.cos(2 * tb) * firmness[b];
    cy += Math.sin(2 * tb) * firmness[b];
    count++;
  }
  const f = Math.min(1, Math.hypot(cx, cy) / count);
  const t = Math.atan2(cy, cx) / 2;
  const dx = grid.cellX[b] - grid.cellX[a];
  const dy = grid.cellY[b] - grid.cellY[a];
  const cos = (dx * Math.cos(t) + dy * Math.sin(t)) / Math.hypot(dx, dy);
  return 1 + (strength - 1) * f * cos * cos;
}
