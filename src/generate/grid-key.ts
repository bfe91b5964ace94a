import type { GridLayout } from '../grid/registry.js';
import type { MaskDescriptor } from '../mask/descriptor.js';

/** A number per mask descriptor object (compared by identity, not by content). */
const maskIds = new WeakMap<object, number>();
let nextMaskId = 0;

/**
 * A cache key for the grid of a layout and mask: equal for the same layout and the same descriptor object
 * (the pages of a series, the candidates of a page share one).
 */
export function gridKey(layout: GridLayout, mask: MaskDescriptor | undefined): string {
  let maskKey = '-';
  if (mask) {
    let id = maskIds.get(mask);
    if (id === undefined) {
      id = nextMaskId++;
      maskIds.set(mask, id);
    }
    maskKey = `${id}:${mask.islands}`;
  }
  return `${layout.shape}|${layout.size.columns}|${layout.size.rows}|${layout.hexTop ?? ''}|${maskKey}`;
}
