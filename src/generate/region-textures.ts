import { UserError } from '../base/errors.js';
import type { Grid } from '../grid/grid.js';
import type { CellFlow } from '../mask/flow.js';
import type { AlgorithmOptions } from './algorithm.js';
import { type AlgorithmName, algorithmInfo, algorithmNames } from './registry.js';

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
 * points inwards from the boundary walls.
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

/**
 * Tangent of the nearest piece boundary at every cell of a concentric region. Nearest boundary points (wall
 * midpoints) spread breadth first from the boundary cells, each cell keeping the nearest point its neighbours
 * offer, then one more sweep in reverse order settles cells the first pass reached early: linear, and within a
 * fraction of a cell of the exact nearest point on these grids.
 */
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
  const queue = new Int32Array(n);
  const queued = new Uint8Array(n);
  let tail = 0;
  const offer = (c: number, x: number, y: number): void => {
    const dx = grid.cellX[c] - x;
    const dy = grid.cellY[c] - y;
    const d = dx * dx + dy * dy;
    if (d >= dist[c]) return;
    dist[c] = d;
    sx[c] = x;
    sy[c] = y;
  };
  for (let w = 0; w < grid.wallCount; w++) {
    const a = grid.wallCellA[w];
    const b = grid.wallCellB[w];
    if (b >= 0 && piece[a] === piece[b]) continue;
    const mx = (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2;
    const my = (grid.vertexY[grid.wallV0[w]] + grid.vertexY[grid.wallV1[w]]) / 2;
    for (const c of b >= 0 ? [a, b] : [a]) {
      if (!isConcentric(c)) continue;
      offer(c, mx, my);
      if (!queued[c]) {
        queued[c] = 1;
        queue[tail++] = c;
      }
    }
  }
  for (let head = 0; head < tail; head++) {
    const c = queue[head];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const m = grid.adjCell[k];
      if (piece[m] !== piece[c]) continue;
      offer(m, sx[c], sy[c]);
      if (!queued[m]) {
        queued[m] = 1;
        queue[tail++] = m;
      }
    }
  }
  for (let i = tail - 1; i >= 0; i--) {
    const c = queue[i];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const m = grid.adjCell[k];
      if (piece[m] === piece[c] && dist[m] < Infinity) offer(c, sx[m], sy[m]);
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
 * Each cell's direction as a doubled-angle vector scaled by its firmness, (f·cos 2θ, f·sin 2θ), and 1 where it
 * has one: averaging these averages axes (directions modulo π). Feeds `stepBias`.
 */
export function axisVectors(angle: Float32Array, firmness: Float32Array): Float32Array {
  const out = new Float32Array(angle.length * 3);
  for (let c = 0; c < angle.length; c++) {
    if (Number.isNaN(angle[c])) continue;
    out[3 * c] = Math.cos(2 * angle[c]) * firmness[c];
    out[3 * c + 1] = Math.sin(2 * angle[c]) * firmness[c];
    out[3 * c + 2] = 1;
  }
  return out;
}

/**
 * How likely the wall between cells a and b is to open early: 1 + (strength − 1)·f·cos²θ, with θ the angle
 * between the step a → b and the direction at the wall (the two cells' axes averaged) and f the firmness
 * there. A passage along the direction opens early, so the walls left standing run along it. No trigonometry:
 * with the averaged doubled-angle vector (c, s) of length r, cos²θ = (x²(1 + c/r) + 2xy·s/r + y²(1 − c/r))/2
 * for the unit step (x, y).
 * @param axes from `axisVectors`
 */
export function stepBias(grid: Grid, a: number, b: number, axes: Float32Array, strength: number): number {
  const count = axes[3 * a + 2] + axes[3 * b + 2];
  if (count === 0) return 1;
  const cx = axes[3 * a] + axes[3 * b];
  const cy = axes[3 * a + 1] + axes[3 * b + 1];
  const r = Math.sqrt(cx * cx + cy * cy);
  if (r === 0) return 1;
  const f = Math.min(1, r / count);
  let x = grid.cellX[b] - grid.cellX[a];
  let y = grid.cellY[b] - grid.cellY[a];
  const len = Math.sqrt(x * x + y * y);
  x /= len;
  y /= len;
  const c2 = cx / r;
  const s2 = cy / r;
  const cos2 = (x * x * (1 + c2) + 2 * x * y * s2 + y * y * (1 - c2)) / 2;
  return 1 + (strength - 1) * f * cos2;
}
