import type { Icon } from '../art/icon.js';
import type { Maze } from '../generate/maze.js';
import { type Grid, rimNormal, wallMidpoint } from '../grid/grid.js';
import { wallChords } from '../mask/wall-chords.js';
import { CLEARANCE_SHARE, markerRoom } from '../plan/marker-rule.js';
import type { Rect } from '../plan/rect.js';
import { capHeight, type FontFace, textWidth } from '../text/fonts.js';
import { PathBuilder, polygon } from '../vector/path-data.js';
import type { FontKey, Item } from './display-list.js';
import { hypot } from './hypot.js';
import { iconItems } from './svg-icon.js';
import type { Placement } from './wall-paths.js';
import { type GridBox, wallsNearOpenings } from './walls-near-openings.js';

/** Start and finish words drawn beside the markers (localised by the caller). */
export interface MarkerLabels {
  start: string;
  finish: string;
  fontKey: FontKey;
  face: FontFace;
  /** Type size, pt. */
  size: number;
  color: string;
}

export interface MarkerStyle {
  /** The colour of arrows, dots and one-colour pictures (a picture's coloured shapes keep their colours). */
  color: string;
  /**
   * The markers' size, pt, the same at both ends: an arrow's length (it is two thirds of that across its
   * head), a picture's side. The marker rule (`plan/marker-rule.ts`) gives it from the maze's passage; a
   * marker is drawn smaller only where no place in the frame keeps it clear of the walls at this size, and
   * then both ends alike.
   */
  size: number;
  /** Pictures drawn at the entry and the exit instead of arrows. */
  pictures?: { start: Icon; finish: Icon };
  /** Words beside the markers; a word that finds no free place beside its marker is left out. */
  labels?: MarkerLabels;
  /**
   * Where markers and labels may be drawn, pt in page coordinates (the page's free area around the maze).
   * Default: the maze's rectangle grown by the room markers of `size` need (`markerRoom`) on every side.
   */
  frame?: Rect;
  /**
   * The least picture side the marker rule asks for, pt: a picture drawn smaller (where no place in the frame
   * keeps it clear of the walls at its size) is reported to `onSmall` with the side it is drawn at.
   */
  least?: number;
  onSmall?: (end: 'start' | 'finish', side: number) => void;
  /**
   * Other parts of the page inside or near the frame (titles, name/date lines, answer blanks, cut lines), pt
   * in page coordinates: markers and labels keep {@link PART_CLEARANCE} from each box.
   */
  avoid?: readonly Rect[];
}

/** Least free space between a marker or its label and another part of the page ({@link MarkerStyle.avoid}): 3 mm, pt. */
export const PART_CLEARANCE = (3 / 25.4) * 72;

/** Markers shrink (where no place keeps them clear at their size) down to this share of it, then fall back. */
const SHRINK_FLOOR = 0.5;

export { MARKER_ROOM } from '../plan/page-geometry.js';
export { CLEARANCE_SHARE };

/** One placed marker, in page points (y down). */
export interface PlacedMarker {
  end: 'start' | 'finish';
  kind: 'arrow' | 'picture' | 'dot';
  /** The rim wall opened (-1 for an end inside the maze, marked by a dot or a picture in its cell). */
  wall: number;
  /** Outline the marker is drawn within: the arrow itself, or the picture's or the dot's box. */
  outline: [number, number][];
  /** Arrow length or picture side, pt. */
  size: number;
  /** Unit vector the marker points along: into the maze at the entry, out of it at the exit. */
  direction: [number, number];
  /** False when no size and distance kept the marker clear of walls and inside the frame (drawn anyway). */
  fits: boolean;
  /**
   * The word beside the marker: its box (from the cap height above the baseline to {@link LABEL_DESCENT}
   * below it) and type size, pt.
   */
  label?: { text: string; x: number; y: number; width: number; height: number; size: number };
}

/** How far below the baseline a label's box reaches (descenders of words such as "Départ"), in ems. */
export const LABEL_DESCENT = 0.25;

import { LABEL_SHRINK } from '../plan/marker-rule.js';

export { LABEL_SHRINK };

/** Straight pieces of walls, (x0, y0, x1, y1) each, in page points. */
type Segments = number[];

/** Whether a point (pt) lies inside the maze's area. */
type InsideTest = (p: readonly [number, number]) => boolean;

/**
 * Where the entry and exit markers go. For an end on the rim: the marker sits outside the opening on its
 * outward normal (arrows point along it), at the style's size, at the smallest distance that keeps it at
 * least the clearance from every wall's stroke and from the other end's marker, outside the maze, and inside
 * the frame; only where no distance does is it drawn smaller (and the other end then no larger). Labels go
 * beyond the marker along the normal or beside it, wherever they fit first, a little smaller if they must.
 * @param wallWidth stroke width of the walls, pt
 */
export function placeMarkers(
  maze: Maze,
  place: Placement,
  rect: Rect,
  wallWidth: number,
  style: MarkerStyle,
): PlacedMarker[] {
  const setting: MarkerSetting = {
    maze,
    place,
    wallWidth,
    style,
    frame: markerFrame(rect, wallWidth, style),
    ends: [
      ['start', maze.entryWall, maze.entryCell],
      ['finish', maze.exitWall, maze.exitCell],
    ],
  };
  const surroundings = surroundOpenings(setting);
  // The two ends drawn alike: where one end had to be drawn smaller, the other is placed again no larger.
  const first = placeEndMarkers(setting, surroundings, Number.POSITIVE_INFINITY);
  const [a, b] = first;
  if (!a || !b || a.wall < 0 || b.wall < 0 || a.size === b.size) return first;
  return placeEndMarkers(setting, surroundings, Math.min(a.size, b.size));
}

/** What placing a maze's end markers works from. */
interface MarkerSetting {
  maze: Maze;
  place: Placement;
  /** Stroke width of the walls, pt. */
  wallWidth: number;
  style: MarkerStyle;
  /** What markers and labels stay inside, pt. */
  frame: Rect;
  /** Each end: its name, its rim wall (-1 for an end inside the maze) and its cell. */
  ends: readonly (readonly [PlacedMarker['end'], number, number])[];
}

/** For each end on the rim: the walls near its opening, and whether a point (pt) is inside the maze. */
interface Surroundings {
  around: ReturnType<typeof wallsNearOpenings>;
  insides: InsideTest[];
}

/** The style's frame, else the maze's rectangle grown by the room the marker rule leaves around it. */
function markerFrame(rect: Rect, wallWidth: number, style: MarkerStyle): Rect {
  const room = markerRoom(style.size, {
    wall: wallWidth,
    label: style.labels ? labelWidth(style.labels) : 0,
  });
  return (
    style.frame ?? {
      x: rect.x - room,
      y: rect.y - room,
      width: rect.width + 2 * room,
      height: rect.height + 2 * room,
    }
  );
}

/**
 * An end's opening, its marker's size (at most `limit`, pt) and how far everything a marker that size (at
 * most 1.25 × it long, 2.5 × it out) or its label could touch reaches from the opening's middle.
 */
function endSizes(s: MarkerSetting, end: PlacedMarker['end'], wall: number, limit: number) {
  const picture = s.style.pictures?.[end];
  const open = opening(s.maze.grid, wall, s.place);
  const size = Math.min(s.style.size, limit);
  const reach = 6 * size + 4 * s.wallWidth + (s.style.labels ? labelReach(s.style.labels) : 0);
  return { picture, open, size, reach };
}

/**
 * The walls any placing can come near, and the rim walls beside them, found for both ends at the largest
 * reach from the rim and the cells near each opening; each placing then looks only among them.
 */
function surroundOpenings(s: MarkerSetting): Surroundings {
  const { grid } = s.maze;
  const reaches = s.ends.map(([end, wall]) => {
    if (wall < 0) return undefined;
    const { open, reach } = endSizes(s, end, wall, Number.POSITIVE_INFINITY);
    return { x: open.mx, y: open.my, radius: reach };
  });
  const around = wallsNearOpenings(
    grid,
    s.ends.map(([, wall]) => wall),
    reaches.map((p) => (p ? gridBox(s.place, p.x, p.y, p.radius) : undefined)),
  );
  let rim: Segments | undefined; // every rim wall, for points beyond an end's reach (none expected)
  const everyRimWall = () => {
    rim ??= rimSegments(grid, s.place);
    return rim;
  };
  const insides = s.ends.map((_, i) => insideNear(grid, s.place, reaches[i], around[i], everyRimWall));
  return { around, insides };
}

/**
 * Whether a point (pt) is inside the maze's area, from the rim walls a ray from it to +x can cross: those
 * near the opening for a point within its reach `at`, else `everyRimWall()`.
 */
function insideNear(
  grid: Grid,
  place: Placement,
  at: { x: number; y: number; radius: number } | undefined,
  near: Surroundings['around'][number],
  everyRimWall: () => Segments,
): InsideTest {
  if (!at || !near) return () => false;
  const beside: Segments = [];
  for (const w of near.rim) wallPieces(grid, w, place, beside);
  return (p) => {
    if (p[0] >= at.x - at.radius && p[1] >= at.y - at.radius && p[1] <= at.y + at.radius) {
      return insideRegion(p, beside);
    }
    return insideRegion(p, everyRimWall());
  };
}

/** Both ends' markers, none larger than `limit` (pt), each clear of the markers and labels placed before it. */
function placeEndMarkers(s: MarkerSetting, surroundings: Surroundings, limit: number): PlacedMarker[] {
  const { maze, place, wallWidth, style, frame } = s;
  const placed: PlacedMarker[] = [];
  const taken: Segments = []; // outlines of markers and labels already placed
  for (const [i, [end, wall, cell]] of s.ends.entries()) {
    if (wall < 0) {
      placed.push(insideMarker(maze.grid, cell, place, style, end, style.pictures?.[end]));
      continue;
    }
    const { picture, open, size, reach } = endSizes(s, end, wall, limit);
    const near = wallsNear(maze, place, open.mx, open.my, reach, surroundings.around[i]?.walls).concat(
      nearby(taken, open.mx, open.my, reach),
    );
    const inside = surroundings.insides[i];
    const marker = fitMarker(open, size, wallWidth, end, picture, near, inside, frame, style.avoid ?? []);
    marker.wall = wall;
    const label = labelMarker(s, marker, open, near, inside);
    if (label) {
      marker.label = label;
      pushOutline(taken, boxOutline(label.x, label.y, label.width, label.height));
    }
    pushOutline(taken, marker.outline);
    placed.push(marker);
  }
  return placed;
}

/**
 * A marker's word: at its size where it fits (so words read alike across a page), else a little smaller
 * (never under LABEL_SHRINK of it); none where it fits nowhere, or the style has no words. The marker never
 * shrinks for its word: the page leaves room for both (`markerRoom`).
 */
function labelMarker(
  s: MarkerSetting,
  marker: PlacedMarker,
  open: Opening,
  near: Segments,
  inside: InsideTest,
): PlacedMarker['label'] {
  const labels = s.style.labels;
  if (!labels) return undefined;
  for (const k of [1, 0.85, LABEL_SHRINK]) {
    const sized = { ...labels, size: labels.size * k };
    const label = fitLabel(
      marker,
      open,
      s.wallWidth,
      sized,
      marker.end,
      near,
      inside,
      s.frame,
      s.style.avoid ?? [],
    );
    if (label) return label;
  }
  return undefined;
}

/** Display items for the markers {@link placeMarkers} chose: filled arrows or pictures, then labels. */
export function drawMarkers(
  maze: Maze,
  place: Placement,
  rect: Rect,
  wallWidth: number,
  style: MarkerStyle,
): Item[] {
  const items: Item[] = [];
  for (const m of placeMarkers(maze, place, rect, wallWidth, style)) {
    const picture = style.pictures?.[m.end];
    if (m.kind === 'picture' && picture) {
      const [x0, y0] = m.outline[0];
      if (style.least !== undefined && m.size < style.least - 1e-6) style.onSmall?.(m.end, m.size);
      const mirror = m.end === 'start' && facesAway(picture, m.direction);
      items.push(...iconItems(picture, x0, y0, m.size, style.color, mirror));
    } else if (m.kind === 'dot') {
      const [cx, cy] = centreOf(m.outline);
      const b = new PathBuilder();
      b.moveTo(cx + m.size / 2, cy);
      b.arc(cx, cy, m.size / 2, 0, 2 * Math.PI);
      items.push({ type: 'path', fill: style.color, path: b.close().finish() });
    } else {
      items.push({ type: 'path', fill: style.color, path: polygon(m.outline) });
    }
    if (m.label && style.labels) {
      const { color, fontKey } = style.labels;
      items.push({
        type: 'text',
        text: m.label.text,
        x: m.label.x,
        y: m.label.y + m.label.height - LABEL_DESCENT * m.label.size, // the baseline
        size: m.label.size,
        font: fontKey,
        color,
      });
    }
  }
  return items;
}

/**
 * Whether a start picture placed out of its opening along `way` (its outward direction) looks away from the
 * maze: a picture that faces left or right (`Icon.faces`) beside an opening on the left or right (the way
 * leaning sideways by at least a third), facing the way out rather than in. Pictures without a facing, and
 * openings at the top or bottom, keep the picture as drawn.
 */
function facesAway(picture: Icon, way: readonly [number, number]): boolean {
  if (!picture.faces || Math.abs(way[0]) < 1 / 3) return false;
  const inward = way[0] < 0 ? 'right' : 'left';
  return picture.faces !== inward;
}

/** A rim opening in page points: its middle (on the arc, for curved walls), outward normal and width. */
interface Opening {
  mx: number;
  my: number;
  nx: number;
  ny: number;
  width: number;
}

function opening(grid: Grid, wall: number, { ox, oy, scale }: Placement): Opening {
  let [mx, my] = wallMidpoint(grid, wall);
  const [nx, ny] = rimNormal(grid, wall);
  const v0 = grid.wallV0[wall];
  const v1 = grid.wallV1[wall];
  const width = hypot(grid.vertexX[v1] - grid.vertexX[v0], grid.vertexY[v1] - grid.vertexY[v0]) * scale;
  if (grid.arcs && grid.arcs.curved[wall] !== 0) {
    const { cx, cy } = grid.arcs;
    const r = hypot(grid.vertexX[v0] - cx, grid.vertexY[v0] - cy);
    const d = hypot(mx - cx, my - cy);
    if (d > 0) [mx, my] = [cx + ((mx - cx) * r) / d, cy + ((my - cy) * r) / d];
  }
  return { mx: ox + mx * scale, my: oy + my * scale, nx, ny, width };
}

/**
 * The marker of `biggest` size at the smallest distance out of the opening that is clear of the walls near
 * it and of the page's other parts, outside the maze and inside the frame; where none is, the largest smaller
 * one down to {@link SHRINK_FLOOR} of it, else the marker at its size beside the opening, `fits` false.
 */
function fitMarker(
  open: Opening,
  biggest: number,
  wallWidth: number,
  end: 'start' | 'finish',
  picture: Icon | undefined,
  walls: Segments,
  inside: InsideTest,
  frame: Rect,
  parts: readonly Rect[],
): PlacedMarker {
  const { nx, ny } = open;
  const inward = end === 'start';
  const direction: [number, number] = picture ? [nx, ny] : inward ? [-nx, -ny] : [nx, ny];
  // A picture may also sit straight out to the side (or above, below) of a slanted opening, where that keeps
  // it nearer the opening than the slant would: the reader looks for it beside the way in or out.
  const ways: [number, number][] = picture ? pictureWays(nx, ny) : [[nx, ny]];
  const shape = (size: number, distance: number, way: [number, number]): [number, number][] =>
    picture
      ? pictureBox({ ...open, nx: way[0], ny: way[1] }, size, distance)
      : arrowOutline(open, size, distance, inward);
  for (let size = biggest; size >= biggest * SHRINK_FLOOR; size *= 0.85) {
    const margin = Math.max(wallWidth, CLEARANCE_SHARE * size);
    const first = wallWidth / 2 + margin;
    let found: PlacedMarker | undefined;
    let nearest = Infinity;
    for (const way of ways) {
      for (
        let distance = first;
        distance <= first + 2.5 * size && distance < nearest;
        distance += 0.1 * size
      ) {
        const outline = shape(size, distance, way);
        if (!insideFrame(outline, frame)) break; // farther out only leaves the frame more
        if (clearance(outline, walls, margin + wallWidth) - wallWidth / 2 < margin) continue;
        if (inside(centreOf(outline))) continue;
        if (!clearOfParts(outline, parts)) continue;
        const kind = picture ? 'picture' : 'arrow';
        found = { end, kind, wall: -1, outline, size, direction: picture ? way : direction, fits: true };
        nearest = distance;
        break;
      }
    }
    if (found) return found;
  }
  const size = biggest;
  return {
    end,
    kind: picture ? 'picture' : 'arrow',
    wall: -1,
    outline: shape(size, wallWidth / 2 + Math.max(wallWidth, CLEARANCE_SHARE * size), [nx, ny]),
    size,
    direction,
    fits: false,
  };
}

/**
 * An arrow with a shaft (so its direction reads at any angle) on the opening's normal: pointing in, its tip
 * is `distance` out of the opening; pointing out, its tail is. `size` long, its head half of that long and
 * 0.67 × size across, its shaft 0.21 × size wide.
 */
function arrowOutline(open: Opening, size: number, distance: number, inward: boolean): [number, number][] {
  const { mx, my, nx, ny } = open;
  const L = size;
  const head = L * 0.5;
  const headHalf = size * 0.336;
  const shaftHalf = size * 0.104;
  const [ux, uy] = inward ? [-nx, -ny] : [nx, ny];
  const tail = inward ? distance + L : distance;
  const tx = mx + nx * tail;
  const ty = my + ny * tail;
  const at = (u: number, v: number): [number, number] => [tx + ux * u - uy * v, ty + uy * u + ux * v];
  return [
    at(0, -shaftHalf),
    at(L - head, -shaftHalf),
    at(L - head, -headHalf),
    at(L, 0),
    at(L - head, headHalf),
    at(L - head, shaftHalf),
    at(0, shaftHalf),
  ];
}

/**
 * The ways a picture may sit out of an opening whose outward normal is (nx, ny): along the normal, then, for
 * a slanted opening, straight out along each of the normal's axis parts (left or right, up or down) that
 * points outwards by at least a third.
 */
function pictureWays(nx: number, ny: number): [number, number][] {
  const ways: [number, number][] = [[nx, ny]];
  if (Math.abs(nx) > 1e-6 && Math.abs(ny) > 1e-6) {
    if (Math.abs(nx) >= 1 / 3) ways.push([Math.sign(nx), 0]);
    if (Math.abs(ny) >= 1 / 3) ways.push([0, Math.sign(ny)]);
  }
  return ways;
}

/** An upright square of side `size` on the opening's normal, its nearest point `distance` out. */
function pictureBox(open: Opening, size: number, distance: number): [number, number][] {
  const { mx, my, nx, ny } = open;
  const reach = (size / 2) * (Math.abs(nx) + Math.abs(ny)); // half the box's extent along the normal
  const cx = mx + nx * (distance + reach);
  const cy = my + ny * (distance + reach);
  return boxOutline(cx - size / 2, cy - size / 2, size, size);
}

/**
 * An end inside the maze (the centre of a circle maze): a dot small enough to leave the walls clear, or
 * the picture when it fits in the cell at the marker's least size.
 */
function insideMarker(
  grid: Grid,
  cell: number,
  { ox, oy, scale }: Placement,
  style: MarkerStyle,
  end: 'start' | 'finish',
  picture: Icon | undefined,
): PlacedMarker {
  const x = ox + grid.cellX[cell] * scale;
  const y = oy + grid.cellY[cell] * scale;
  // The centre disc of a circle maze has radius 1 grid unit; other cells at least half a unit inside.
  const inner = scale * (grid.arcs ? 1 : 0.5);
  const side = Math.min(inner * 1.2, style.size);
  if (picture && side >= style.size * SHRINK_FLOOR) {
    return {
      end,
      kind: 'picture',
      wall: -1,
      outline: boxOutline(x - side / 2, y - side / 2, side, side),
      size: side,
      direction: [0, 0],
      fits: true,
    };
  }
  const r = Math.min(style.size * 0.28, scale * 0.3);
  return {
    end,
    kind: 'dot',
    wall: -1,
    outline: boxOutline(x - r, y - r, 2 * r, 2 * r),
    size: 2 * r,
    direction: [0, 0],
    fits: true,
  };
}

/**
 * A label's box beside its marker: on its side ({@link labelSide}), else beyond it along the normal, else on
 * its other side, else under or above it, the first that is inside the frame, clear of the walls and of what was placed, and outside the maze.
 */
function fitLabel(
  marker: PlacedMarker,
  open: Opening,
  wallWidth: number,
  labels: MarkerLabels,
  end: 'start' | 'finish',
  obstacles: Segments,
  inside: InsideTest,
  frame: Rect,
  parts: readonly Rect[],
): PlacedMarker['label'] {
  const text = end === 'start' ? labels.start : labels.finish;
  if (text.trim() === '') return undefined;
  const width = textWidth(labels.face, text, labels.size);
  // From the cap height above the baseline to where descenders reach below it.
  const height = capHeight(labels.face, labels.size) + LABEL_DESCENT * labels.size;
  const { nx, ny } = open;
  const tx = -ny;
  const ty = nx;
  const gap = Math.max(wallWidth, 0.3 * height);
  const [mcx, mcy] = centreOf(marker.outline);
  // The marker's reach from its centre: outwards and inwards along the normal, and along the opening.
  let outN = 0;
  let inN = 0;
  let alongT = 0;
  for (const [x, y] of marker.outline) {
    const n = (x - mcx) * nx + (y - mcy) * ny;
    outN = Math.max(outN, n);
    inN = Math.max(inN, -n);
    alongT = Math.max(alongT, Math.abs((x - mcx) * tx + (y - mcy) * ty));
  }
  const halfN = (width / 2) * Math.abs(nx) + (height / 2) * Math.abs(ny);
  const halfT = (width / 2) * Math.abs(tx) + (height / 2) * Math.abs(ty);
  // Beside the marker, the label's edge nearest the maze is level with the marker's.
  const besideN = halfN - inN;
  const besideT = alongT + gap + halfT;
  // Last, straight above and below the marker: where the opening is slanted and the marker sits by the
  // frame's edge, the three ways along the opening's normal and sides may all leave the frame.
  const [, minY, , maxY] = boundsOf(marker.outline);
  const beside = (k: number): [number, number] => [
    mcx + k * tx * besideT + nx * besideN,
    mcy + k * ty * besideT + ny * besideN,
  ];
  // One side through a book ({@link labelSide}): right of a marker at the top or bottom, above one on the
  // left or right; where that place is taken, beyond the marker, then its other side.
  const k = labelSide(nx, ny);
  const candidates: [number, number][] = [
    beside(k),
    [mcx + nx * (outN + gap + halfN), mcy + ny * (outN + gap + halfN)],
    beside(-k),
    [mcx, maxY + gap + height / 2],
    [mcx, minY - gap - height / 2],
  ];
  const margin = Math.max(wallWidth, 0.2 * height);
  const own: Segments = [];
  pushOutline(own, marker.outline);
  for (const [cx, cy] of candidates) {
    const box = boxOutline(cx - width / 2, cy - height / 2, width, height);
    if (!insideFrame(box, frame)) continue;
    if (clearance(box, obstacles, margin + wallWidth) - wallWidth / 2 < margin) continue;
    if (clearance(box, own, gap) < gap * 0.99) continue;
    if (inside([cx, cy])) continue;
    if (!clearOfParts(box, parts)) continue;
    return { text, x: cx - width / 2, y: cy - height / 2, width, height, size: labels.size };
  }
  return undefined;
}

/**
 * Which side of its marker a word goes first, as +1 or -1 along the opening's tangent (-ny, nx), so that it
 * is the same side of the page through a book whatever the opening's direction: for an opening at the top or
 * bottom (|ny| ≥ |nx|, slanted ones by their steeper part) the right, where the word reads on from the marker;
 * for one on the left or right, above.
 */
export function labelSide(nx: number, ny: number): 1 | -1 {
  const [tx, ty] = [-ny, nx];
  if (Math.abs(ny) >= Math.abs(nx)) return tx >= 0 ? 1 : -1;
  return ty <= 0 ? 1 : -1;
}

/** True when the outline keeps {@link PART_CLEARANCE} from every box (none of it inside or across one). */
export function clearOfParts(outline: readonly [number, number][], parts: readonly Rect[]): boolean {
  if (parts.length === 0) return true;
  const [minX, minY, maxX, maxY] = boundsOf(outline);
  const k = PART_CLEARANCE;
  for (const r of parts) {
    if (minX > r.x + r.width + k || maxX < r.x - k || minY > r.y + r.height + k || maxY < r.y - k) continue;
    for (const [x, y] of outline) {
      if (x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height) return false;
    }
    const edges: Segments = [];
    pushOutline(edges, boxOutline(r.x, r.y, r.width, r.height));
    if (clearance(outline, edges, k) < k) return false;
  }
  return true;
}

function boxOutline(x: number, y: number, w: number, h: number): [number, number][] {
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

/** Bounding box of an outline: [minX, minY, maxX, maxY]. */
function boundsOf(outline: readonly [number, number][]): [number, number, number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of outline) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

/** The middle of an outline's bounding box. */
function centreOf(outline: readonly [number, number][]): [number, number] {
  const [minX, minY, maxX, maxY] = boundsOf(outline);
  return [(minX + maxX) / 2, (minY + maxY) / 2];
}

function insideFrame(outline: readonly [number, number][], f: Rect): boolean {
  for (const [x, y] of outline) {
    if (x < f.x || y < f.y || x > f.x + f.width || y > f.y + f.height) return false;
  }
  return true;
}

function pushOutline(segments: Segments, outline: readonly [number, number][]): void {
  for (let i = 0; i < outline.length; i++) {
    const [x0, y0] = outline[i];
    const [x1, y1] = outline[(i + 1) % outline.length];
    segments.push(x0, y0, x1, y1);
  }
}

/** Walls still standing (every wall but open ones), as straight pieces in page points; arcs flattened. */
export function standingWalls(maze: Maze, place: Placement): Segments {
  return wallsNear(maze, place, 0, 0, Number.POSITIVE_INFINITY);
}

/**
 * Standing walls with an end within `radius` points of (x, y) along each axis, or spanning that box (arcs:
 * by their chord, widened by the chord's length); the rest cannot come near a marker there. `among`: look
 * only at these walls (in increasing order, at least those whose boxes overlap this box, e.g. from
 * `wallsNearOpenings`), not at every wall; the pieces come out in the same order either way.
 */
function wallsNear(
  maze: Maze,
  place: Placement,
  x: number,
  y: number,
  radius: number,
  among?: Int32Array,
): Segments {
  const out: Segments = [];
  const near = nearTest(maze, place, x, y, radius);
  if (among) {
    for (let k = 0; k < among.length; k++) if (near(among[k])) wallPieces(maze.grid, among[k], place, out);
  } else {
    for (let w = 0; w < maze.grid.wallCount; w++) if (near(w)) wallPieces(maze.grid, w, place, out);
  }
  return out;
}

/** Whether wall `w` stands and has an end within `radius` points of (x, y) along each axis, or spans that
 * box (an arc by its chord, widened by the chord's length). */
function nearTest(
  maze: Maze,
  place: Placement,
  x: number,
  y: number,
  radius: number,
): (w: number) => boolean {
  const { grid, open } = maze;
  const gx = (x - place.ox) / place.scale;
  const gy = (y - place.oy) / place.scale;
  const r = radius / place.scale;
  const { vertexX, vertexY, wallV0, wallV1 } = grid;
  const wallArc = grid.arcs?.curved;
  return (w) => {
    if (open[w] !== 0) return false;
    const x0 = vertexX[wallV0[w]];
    const y0 = vertexY[wallV0[w]];
    const x1 = vertexX[wallV1[w]];
    const y1 = vertexY[wallV1[w]];
    const bulge = wallArc && wallArc[w] !== 0 ? hypot(x1 - x0, y1 - y0) : 0;
    if (Math.max(x0, x1) + bulge < gx - r || Math.min(x0, x1) - bulge > gx + r) return false;
    return !(Math.max(y0, y1) + bulge < gy - r || Math.min(y0, y1) - bulge > gy + r);
  };
}

/** The box of `radius` points around (x, y) along each axis, in grid units (as {@link nearTest} takes it). */
function gridBox(place: Placement, x: number, y: number, radius: number): GridBox {
  const gx = (x - place.ox) / place.scale;
  const gy = (y - place.oy) / place.scale;
  const r = radius / place.scale;
  return { x0: gx - r, x1: gx + r, y0: gy - r, y1: gy + r };
}

/** The wider of the start and finish words at the labels' size, pt. */
function labelWidth(labels: MarkerLabels): number {
  return Math.max(
    textWidth(labels.face, labels.start, labels.size),
    textWidth(labels.face, labels.finish, labels.size),
  );
}

/** How far a label may reach from its marker: its widest plausible word and a gap, pt. */
function labelReach(labels: MarkerLabels): number {
  return labelWidth(labels) + 2 * labels.size;
}

/** Every rim wall, openings included: the outline of the maze's area, for inside tests. */
function rimSegments(grid: Grid, place: Placement): Segments {
  const out: Segments = [];
  for (let k = 0; k < grid.rimWall.length; k++) wallPieces(grid, grid.rimWall[k], place, out);
  return out;
}

/** Appends a wall as straight pieces in page points (an arc as chords of at most 5°). */
function wallPieces(grid: Grid, w: number, { ox, oy, scale }: Placement, out: Segments): void {
  wallChords(grid, w, Math.PI / 36, (x0, y0, x1, y1) =>
    out.push(ox + x0 * scale, oy + y0 * scale, ox + x1 * scale, oy + y1 * scale),
  );
}

/** The segments with a point within `radius` of (x, y) or passing near it (by bounding box). */
function nearby(segments: Segments, x: number, y: number, radius: number): Segments {
  const out: Segments = [];
  for (let i = 0; i < segments.length; i += 4) {
    const minX = Math.min(segments[i], segments[i + 2]);
    const maxX = Math.max(segments[i], segments[i + 2]);
    const minY = Math.min(segments[i + 1], segments[i + 3]);
    const maxY = Math.max(segments[i + 1], segments[i + 3]);
    if (maxX < x - radius || minX > x + radius || maxY < y - radius || minY > y + radius) continue;
    out.push(segments[i], segments[i + 1], segments[i + 2], segments[i + 3]);
  }
  return out;
}

/**
 * Least distance between a closed outline and a set of segments, 0 when any segment crosses the outline
 * or lies inside it, +∞ for no segments. Segments farther than `limit` (by bounding boxes) are skipped, so
 * the answer is exact below `limit` and only known to be at least `limit` otherwise.
 */
export function clearance(
  outline: readonly [number, number][],
  segments: Segments,
  limit = Number.POSITIVE_INFINITY,
): number {
  let best = Number.POSITIVE_INFINITY;
  const n = outline.length;
  const [minX, minY, maxX, maxY] = boundsOf(outline);
  const edges: Segments = [];
  pushOutline(edges, outline);
  for (let i = 0; i < segments.length; i += 4) {
    const ax = segments[i];
    const ay = segments[i + 1];
    const bx = segments[i + 2];
    const by = segments[i + 3];
    const gapX = Math.max(0, Math.min(ax, bx) - maxX, minX - Math.max(ax, bx));
    const gapY = Math.max(0, Math.min(ay, by) - maxY, minY - Math.max(ay, by));
    if (gapX >= limit || gapY >= limit || hypot(gapX, gapY) >= Math.min(best, limit)) continue;
    if (insideRegion([ax, ay], edges)) return 0;
    for (let k = 0; k < n; k++) {
      const [px, py] = outline[k];
      const [qx, qy] = outline[(k + 1) % n];
      best = Math.min(best, segmentDistance(ax, ay, bx, by, px, py, qx, qy));
      if (best === 0) return 0;
    }
  }
  return best;
}

/** True when (x, y) is inside the region the segments bound (even-odd: a ray crosses them an odd count). */
function insideRegion([x, y]: readonly [number, number], segments: Segments): boolean {
  let inside = false;
  for (let i = 0; i < segments.length; i += 4) {
    const xi = segments[i];
    const yi = segments[i + 1];
    const xj = segments[i + 2];
    const yj = segments[i + 3];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function pointSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return hypot(px - ax - t * dx, py - ay - t * dy);
}

/** Distance between segments AB and PQ (0 when they cross). */
function segmentDistance(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
): number {
  const d1 = (qx - px) * (ay - py) - (qy - py) * (ax - px);
  const d2 = (qx - px) * (by - py) - (qy - py) * (bx - px);
  const d3 = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const d4 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0;
  return Math.min(
    pointSegment(ax, ay, px, py, qx, qy),
    pointSegment(bx, by, px, py, qx, qy),
    pointSegment(px, py, ax, ay, bx, by),
    pointSegment(qx, qy, ax, ay, bx, by),
  );
}
