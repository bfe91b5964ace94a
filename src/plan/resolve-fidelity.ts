import type { Grid } from '../grid/grid.js';
import { subGrid } from '../grid/grid.js';
import { type GridSize, type HexTop, type TopologyName, topologies } from '../grid/registry.js';
import { MIN_MASKED_CELLS, maskCells, maskedGrid } from '../mask/apply.js';
import { type MaskDescriptor, maskRequestOf } from '../mask/descriptor.js';
import { type FaithfulSize, FIDELITY_THRESHOLD, faithfulSize, maskFidelity } from '../mask/fidelity.js';
import { fitScale } from './page-geometry.js';
import type { Rect } from './rect.js';
import { type ResolvedSize, sizePhrase } from './resolve-size.js';

/** A masked puzzle while it is sized: its tiling, mask and maze area, and where its notes go. */
export interface MaskSizing {
  shape: TopologyName;
  hexTop?: HexTop;
  mask?: MaskDescriptor;
  /** The rectangle the maze is fitted into on its page. */
  area: Rect;
  /** Warnings for the author, each `what` (the page is named by whoever prints them). */
  notes: string[];
}

/** The fidelity a mask reads from. */
function threshold(mask: MaskDescriptor): number {
  return maskRequestOf(mask).shape.readsAt ?? FIDELITY_THRESHOLD;
}

const faithfulCache = new WeakMap<MaskDescriptor, Map<string, FaithfulSize>>();

/** `faithfulSize`, remembered per mask descriptor (a series asks the same question on every page). */
function faithful(
  m: MaskSizing & { mask: MaskDescriptor },
  max: GridSize,
  min: GridSize | undefined,
): FaithfulSize {
  const aspect = m.area.width / m.area.height;
  const key = `${m.shape}|${m.hexTop}|${max.columns}x${max.rows}|${min?.columns}x${min?.rows}|${aspect}`;
  const cache = faithfulCache.get(m.mask) ?? new Map<string, FaithfulSize>();
  faithfulCache.set(m.mask, cache);
  const hit = cache.get(key);
  if (hit) return hit;
  const found = faithfulSize({
    shape: m.shape,
    ...(m.hexTop ? { hexTop: m.hexTop } : {}),
    mask: maskRequestOf(m.mask),
    frameAspect: aspect,
    max,
    ...(min ? { min } : {}),
  });
  cache.set(key, found);
  return found;
}

const fidelityText = (f: number): string => f.toFixed(2);

/**
 * Sizes a masked maze so that its outline reads as its shape (see `maskFidelity`). Where mazebook chooses the
 * size (`cells: auto`, or no size given), the size grows, never past the passage floor, to the smallest
 * that reads: for `auto` this becomes the least size the difficulty search may try. Where the spec gives the
 * size, it is kept and measured. Either way a shape that does not read gets a note naming the mask and the
 * fidelity reached.
 */
export function fitMask(
  sized: ResolvedSize,
  m: MaskSizing,
): { size: GridSize; cellSize: number; auto?: { max: GridSize; min?: GridSize } } {
  const { mask } = m;
  if (!mask) return sized;
  const reads = threshold(mask);
  const cannot = (f: FaithfulSize): string =>
    `mask ${mask.label} cannot read as its shape within the passage floor: its best fidelity is ${fidelityText(f.fidelity)} at ${sizePhrase(m.shape, f.size)} (a shape reads from ${fidelityText(reads)}); use a larger page area, a narrower min-passage or a simpler shape`;
  if (sized.auto) {
    const f = faithful({ ...m, mask }, sized.auto.max, undefined);
    if (!f.reached) m.notes.push(cannot(f));
    const fits = f.size.columns <= sized.auto.max.columns && f.size.rows <= sized.auto.max.rows;
    return { ...sized, auto: { ...sized.auto, ...(fits ? { min: f.size } : {}) } };
  }
  if (sized.chosen) {
    const f = faithful({ ...m, mask }, sized.atFloor, sized.size);
    if (!f.reached) m.notes.push(cannot(f));
    const topo = topologies[m.shape];
    if (topo.count(f.size) <= topo.count(sized.size)) return sized;
    // The grid covers the shape's box at the larger size: the passage is what that box holds.
    const ext = topo.extent(f.size, m.hexTop);
    const aspect = maskRequestOf(mask).shape.aspect;
    let { width, height } = m.area;
    if (aspect !== undefined) {
      if (width / height > aspect) width = height * aspect;
      else height = width / aspect;
    }
    return { size: f.size, cellSize: fitScale(ext, { ...m.area, width, height }) * topo.passage };
  }
  const cells = maskCells({ shape: m.shape, size: sized.size, hexTop: m.hexTop }, maskRequestOf(mask));
  if (cells.kept >= MIN_MASKED_CELLS) {
    const f = maskFidelity(cells.full, cells.keep, maskRequestOf(mask).shape);
    if (f < reads) {
      m.notes.push(
        `mask ${mask.label} does not read as its shape at ${sizePhrase(m.shape, sized.size)}: fidelity ${fidelityText(f)} (a shape reads from ${fidelityText(reads)}); use more cells or a narrower passage`,
      );
    }
  }
  return sized;
}

/**
 * The grid as it will be drawn (masked cells cut out and re-framed, or a fixed maze's own), or for an
 * unmasked grid just its extent: what the page fits into its maze area. A mask that leaves too few cells
 * is refused here, while planning, so `validate` reports it.
 */
export function drawnExtent(
  shape: TopologyName,
  size: GridSize,
  hexTop: HexTop | undefined,
  mask: MaskDescriptor | undefined,
  fixed: Grid | undefined,
  where: string,
): { width: number; height: number } {
  if (fixed) return fixed;
  if (!mask) return topologies[shape].extent(size, hexTop);
  const layout = { shape, size, ...(hexTop ? { hexTop } : {}) };
  const cells = maskCells(layout, maskRequestOf(mask));
  if (cells.kept < MIN_MASKED_CELLS) return maskedGrid(layout, maskRequestOf(mask), where);
  return subGrid(cells.full, cells.keep);
}
