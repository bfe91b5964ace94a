import { UserError } from '../base/errors.js';
import { type PictureRecipe, pictureGrid } from '../generate/picture-maze.js';
import { describeRoute } from '../generate/region-picture.js';
import { ROUTE_HINT, ROUTE_STEP } from '../generate/route.js';
import { cellLocator } from '../grid/locate.js';
import type { GridLayout } from '../grid/registry.js';
import type { MaskDescriptor } from '../mask/descriptor.js';

/**
 * A sketched route's points and the lines between them must fall on cells the mask keeps. Checked when the
 * book is planned (so `validate` finds it) on the picture's grid before the cut, with the same sampling the
 * maze's tracing uses; the messages name the point as generation would.
 * @throws UserError at `where` (the route field) naming the first point or stretch off the maze
 */
export function checkRouteOnMask(
  picture: PictureRecipe,
  layout: GridLayout,
  mask: MaskDescriptor,
  where: string,
): void {
  const { route } = picture;
  if (!route) return;
  const { full, keep } = pictureGrid(picture, layout, mask, where);
  const locate = cellLocator(full);
  const on = (fx: number, fy: number): boolean => {
    const cell = locate.cellAt(fx * full.width, fy * full.height);
    return cell >= 0 && (keep === undefined || keep[cell] !== 0);
  };
  const describe = describeRoute(route);
  const lines = [route.main, ...(route.branches ?? [])];
  lines.forEach((points, line) => {
    points.forEach(([fx, fy], p) => {
      if (!on(fx, fy)) throw new UserError(where, `${describe(line, p)} is outside the maze`, ROUTE_HINT);
    });
    for (let p = 0; p + 1 < points.length; p++) {
      const [ax, ay] = points[p];
      const [bx, by] = points[p + 1];
      const steps = Math.ceil(Math.hypot((bx - ax) * full.width, (by - ay) * full.height) / ROUTE_STEP);
      for (let s = 1; s < steps; s++) {
        if (!on(ax + ((bx - ax) * s) / steps, ay + ((by - ay) * s) / steps)) {
          throw new UserError(
            where,
            `the route from ${describe(line, p)} to ${describe(line, p + 1)} leaves the maze`,
            ROUTE_HINT,
          );
        }
      }
    }
  });
}
