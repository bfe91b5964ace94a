/** A point of a route sketch, in grid units on the grid's plane. */
export interface RoutePoint {
  readonly x: number;
  readonly y: number;
}

/**
 * A sketched solution (Xu & Kaplan §5): the main line from start to finish through waypoints, and side lines
 * that become planned dead ends. A side line starts at (or near) a point of the main line or of an earlier
 * side line.
 */
export interface RouteSketch {
  /** At least two points, start first. */
  readonly main: readonly RoutePoint[];
  readonly branches?: readonly (readonly RoutePoint[])[];
  /** How a point is named in messages (line 0 is the main line, line b + 1 branch b); default `route point 3`. */
  describe?(line: number, point: number): string;
}
