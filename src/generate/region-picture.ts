import { type Grid, subGrid } from '../grid/grid.js';
import { boxFrame, type Frame, type Raster } from '../grid/raster.js';
import type { RoutePoint, RouteSketch } from '../grid/route-sketch.js';
import { flowOnGrid } from '../mask/flow.js';
import { type LabelRole, type RegionMap, regionsOnGrid } from '../mask/regions.js';
import { traceRouteColour } from '../mask/regions-route.js';
import type { Rng } from '../random/sfc32.js';
import type { EndPlacement } from './ends/end-placement.js';
import { placeEnds } from './ends/place-ends.js';
import type { Maze } from './maze.js';
import { regionMaze } from './region-maze.js';
import type { RegionStyle } from './region-textures.js';

/**
 * Everything a picture maze is made from besides its grid, as the planner resolves it from a spec: the tone
 * picture (for `flow` textures), a region map with what each of its colours is, and a sketched route.
 */
export interface PictureInput {
  /** The picture's lightness over the full grid's box. */
  lightness?: Raster;
  regions?: {
    map: RegionMap;
    /**
     * Per label of the map: a style, `lines` (drawn walls), `route` (a sketch drawn in that colour), or
     * undefined for a colour the spec gives no style (it gets `unstyled`, with a warning).
     */
    styles: readonly (RegionStyle | 'lines' | 'route' | undefined)[];
  };
  /** Waypoints as fractions of the maze box (x to the right, y down), main line first. */
  route?: { main: readonly [number, number][]; branches?: readonly (readonly [number, number][])[] };
  /** The texture of cells with no region (the whole maze when there is no region map). Default random. */
  unstyled?: RegionStyle;
}

/** How a point of the sketch is named: by its waypoint number and its position in the box. */
export function describeRoute(route: NonNullable<PictureInput['route']>) {
  return (line: number, point: number): string => {
    const pts = line === 0 ? route.main : (route.branches?.[line - 1] ?? []);
    const p = pts[Math.min(point, pts.length - 1)];
    const name = line === 0 ? `route point ${point + 1}` : `branch ${line} point ${point + 1}`;
    return p ? `${name} (${p[0]}, ${p[1]})` : name;
  };
}

/**
 * A picture maze on a grid built for the picture's box (`full`, before any mask): regions, drawn walls and the
 * picture's flow are read on the full grid, then cut down with the mask's `keep` (one byte per cell of `full`)
 * along with the grid, so they stay registered with the picture whatever the mask leaves. Ends: where the
 * sketch starts and ends when there is a route, else `entry` and `exit` as for any maze.
 * @param warn receives notes (colours without a style, drawn walls opened, pieces of a traced route dropped)
 * @throws UserError from the region and route checks, naming the route point and region
 */
export function regionPictureMaze(
  full: Grid,
  keep: Uint8Array | undefined,
  input: PictureInput,
  ends: { entry: EndPlacement; exit: EndPlacement },
  rng: Rng,
  where: string,
  warn: (what: string) => void = () => {},
): Maze {
  const frame = boxFrame(full.width, full.height);
  const styles: RegionStyle[] = [];
  const roles: LabelRole[] = [];
  const styleOfLabel: number[] = [];
  const unstyled = input.unstyled ?? { texture: 'random' as const, name: 'unstyled cells' };
  let routeLabel = -1;
  const map = input.regions?.map;
  if (map && input.regions) {
    const missing: string[] = [];
    map.colours.forEach((colour, label) => {
      const s = input.regions?.styles[label];
      if (s === 'lines' || s === 'route') {
        roles.push(s);
        styleOfLabel.push(-1);
        if (s === 'route') routeLabel = label;
        return;
      }
      roles.push('region');
      styleOfLabel.push(styles.length);
      styles.push(s ? { name: colour, ...s } : { ...unstyled, name: colour });
      if (!s) missing.push(`${colour} (${map.pixels[label]} px)`);
    });
    if (missing.length > 0) {
      warn(`the region map has colours with no style, filled ${unstyled.texture}: ${missing.join(', ')}`);
    }
  }
  // Per cell and per wall of the full grid.
  let region: Int32Array = new Int32Array(full.cellCount);
  let fixed: Uint8Array = new Uint8Array(full.wallCount);
  if (map) {
    const onGrid = regionsOnGrid(full, map, roles, frame);
    fixed = onGrid.fixed;
    for (let c = 0; c < full.cellCount; c++)
      region[c] = onGrid.region[c] >= 0 ? styleOfLabel[onGrid.region[c]] : 0;
    if (styles.length === 0) styles.push(unstyled);
  } else styles.push(unstyled);
  const wantsFlow = styles.some((s) => s.flow);
  let flow =
    wantsFlow && input.lightness ? flowOnGrid(full, input.lightness, frame, full.width / 40) : undefined;

  // Cut everything down to the kept cells; `shift` moves full-grid coordinates onto the cut grid.
  let grid = full;
  let shift = { x: 0, y: 0 };
  if (keep) {
    grid = subGrid(full, keep);
    const first = keep.indexOf(1);
    shift = { x: grid.cellX[0] - full.cellX[first], y: grid.cellY[0] - full.cellY[first] };
    const cells = (a: Int32Array) => a.filter((_, c) => keep[c] !== 0);
    region = cells(region);
    fixed = fixed.filter(
      (_, w) => keep[full.wallCellA[w]] !== 0 || (full.wallCellB[w] >= 0 && keep[full.wallCellB[w]] !== 0),
    );
    if (flow) {
      flow = {
        angle: flow.angle.filter((_, c) => keep[c] !== 0),
        strength: flow.strength.filter((_, c) => keep[c] !== 0),
      };
    }
  }
  const boxOnGrid: Frame = { x: shift.x, y: shift.y, width: full.width, height: full.height };

  let route: RouteSketch | undefined;
  if (input.route) {
    const at = ([fx, fy]: readonly [number, number]): RoutePoint => ({
      x: boxOnGrid.x + fx * boxOnGrid.width,
      y: boxOnGrid.y + fy * boxOnGrid.height,
    });
    route = {
      main: input.route.main.map(at),
      branches: (input.route.branches ?? []).map((b) => b.map(at)),
      describe: describeRoute(input.route),
    };
  } else if (map && routeLabel >= 0) {
    route = traceRouteColour(map, routeLabel, boxOnGrid, where, warn);
  }
  if (map) {
    const absent = absentColours(map);
    if (absent.length > 0) warn(`the region map shows none of ${absent.join(', ')}; their styles are unused`);
  }

  const made = regionMaze(grid, rng, { region, styles, fixed, flow, route }, where);
  for (const w of made.warnings) warn(w);
  if (made.ends) {
    const open = made.open.slice();
    if (made.ends.entryWall >= 0) open[made.ends.entryWall] = 1;
    if (made.ends.exitWall >= 0) open[made.ends.exitWall] = 1;
    return { grid, open, ...made.ends };
  }
  return placeEnds(grid, made.open, ends.entry, ends.exit, where, warn);
}

/** The listed colours of a region map that no pixel shows (a style for a colour the map does not have). */
export function absentColours(map: RegionMap): string[] {
  return map.colours.slice(0, map.listed).filter((_, label) => map.pixels[label] === 0);
}
