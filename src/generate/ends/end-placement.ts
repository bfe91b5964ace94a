/** A side of the maze's box. */
export type Side = 'top' | 'bottom' | 'left' | 'right';

/** Where an end of the maze goes: `auto` (as far from the other end as the maze allows) or a rim spot. */
export type EndPlacement =
  | { kind: 'auto' }
  | { kind: 'side'; side: Side /** in [0, 1] along the side */; at: number }
  | { kind: 'wall' /** a rim wall chosen by the algorithm */; wall: number }
  /** The cell nearest the middle of the maze (the centre disc of a circle maze); no rim opening. */
  | { kind: 'centre' };
