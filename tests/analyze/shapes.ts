/** One small grid of every topology, for tests that must hold on every shape (circle: `rows` rings). */
export const SHAPES = [
  { shape: 'square', size: { columns: 12, rows: 10 } },
  { shape: 'hex', size: { columns: 10, rows: 9 } },
  { shape: 'triangle', size: { columns: 17, rows: 9 } },
  { shape: 'octagon', size: { columns: 9, rows: 8 } },
  { shape: 'circle', size: { columns: 7, rows: 7 } },
] as const;
