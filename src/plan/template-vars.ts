import { algorithmDisplayName } from '../generate/display-names.js';
import { type GridSize, type TopologyName, topologies } from '../grid/registry.js';
import type { Locale } from './words.js';

/** A size as authors write it: `12×16` cells, or `9 rings`. */
export function sizeLabel(shape: TopologyName, size: GridSize): string {
  return topologies[shape].sizedBy === 'rings' ? `${size.rows} rings` : `${size.columns}×${size.rows}`;
}

/** A rating with every field, for checking templates before any maze exists. */
export const SAMPLE_RATING = { score: 5.5, label: 'medium' } as const;

/**
 * The variables a puzzle title template may use (see docs/spec.md, Templates); `{{algorithm}}` is the
 * algorithm's name for readers in `locale`, not its key; `{{section-number}}` the puzzle's number within its
 * section (`sectionNumber`, the book's number when not given).
 */
export function puzzleTemplateVars(
  number: number,
  page: number,
  book: string,
  key: string,
  shape: TopologyName,
  size: GridSize,
  algorithm: string,
  locale: Locale,
  rating?: { score: number; label: string },
  sectionNumber = number,
) {
  const { columns, rows } = size;
  return {
    number,
    'section-number': sectionNumber,
    page,
    book,
    key,
    shape,
    size: sizeLabel(shape, size),
    columns,
    rows,
    algorithm: algorithmDisplayName(algorithm, locale),
    difficulty: rating ? rating.score.toFixed(1) : '',
    level: rating?.label ?? '',
    blanks: '',
  };
}
