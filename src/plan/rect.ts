/** An axis-aligned rectangle in points, origin at the page's top-left corner, y down. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
