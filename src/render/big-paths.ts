import { deflate } from 'node:zlib';
import type { Item, PathData, PathItem } from '../layout/display-list.js';
import { pdfPathBytes } from './path-ops.js';

/**
 * The big paths of a PDF (a million-cell maze's walls) are written as form XObjects whose operators are
 * deflated here, at level 1, on zlib's own thread: the PDF writer does not need pdfkit to start them, so a
 * caller can set them going as soon as the paths exist and do other work (load pdfkit, place markers) while
 * they are compressed. Nothing here loads pdfkit.
 */

/** Paths with more commands than this go into their own quickly compressed form XObject. */
export const BIG_PATH = 20_000;

/** At most this many big paths are being deflated at once (their operators are held in memory meanwhile). */
const IN_FLIGHT = 2;

/** The deflated operators of big paths, by item: each settles when zlib is done with it. */
export type PackedPaths = Map<PathItem, Promise<Buffer>>;

/** The operator that paints a path item: stroke, fill, or both (even-odd with `*`). */
export function paintOp(item: PathItem): string {
  const star = item.evenOdd ? '*' : '';
  return item.fill && item.stroke ? `B${star}` : item.fill ? `f${star}` : 'S';
}

/**
 * Starts deflating the operators of every big path among `items` that `packed` does not hold yet, adds
 * them to `packed` and returns it at once. The first two are written (on this thread) before it returns and
 * deflated on zlib's thread; each later one is written when an earlier one is done, so at most two paths'
 * operators wait in memory. Await an item's entry for its bytes: `deflateSync(operators + paint, level 1)`.
 */
export function packBigPaths(items: Iterable<Item>, packed: PackedPaths = new Map()): PackedPaths {
  const running: Promise<unknown>[] = [];
  for (const item of items) {
    if (item.type !== 'path' || item.path.cmds.length <= BIG_PATH || packed.has(item)) continue;
    const paint = paintOp(item);
    const before = running.length >= IN_FLIGHT ? running[running.length - IN_FLIGHT] : undefined;
    const job = before ? before.then(() => deflatePath(item.path, paint)) : deflatePath(item.path, paint);
    // Failures reach whoever awaits the item's entry; the next job waits only for this one to end.
    running.push(job.catch(() => undefined));
    packed.set(item, job);
  }
  return packed;
}

/**
 * `deflateSync(pdfPathBytes(path) + tail, { level: 1 })`, deflated on zlib's thread in one piece: the
 * output room holds the whole result, so zlib needs this thread again only to hand it back.
 */
export function deflatePath(path: PathData, tail: string): Promise<Buffer> {
  const bytes = pdfPathBytes(path, tail);
  // Level 1 never grows its input by more than a few bytes per 16 KB block.
  const chunkSize = Math.max(1 << 16, bytes.length + (bytes.length >>> 8) + 1024);
  return new Promise((resolve, reject) => {
    deflate(bytes, { level: 1, chunkSize }, (error, out) => (error ? reject(error) : resolve(out)));
  });
}
