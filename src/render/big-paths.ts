import { constants, deflate, deflateRaw } from 'node:zlib';
import type { Item, PathItem } from '../layout/display-list.js';
import type { PathData } from '../vector/path-data.js';
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
 * operators wait in memory. Await an item's entry for its bytes (`deflatePath` of the path and its paint).
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
 * The deflated operators of a path (with `tail`, its paint operator, after them), at level 1, on zlib's
 * threads: up to DEFLATE_PIECE bytes of operators exactly `deflateSync(bytes, { level: 1 })`; longer ones
 * in pieces deflated side by side (`deflatePieces`).
 */
export function deflatePath(path: PathData, tail: string): Promise<Buffer> {
  const bytes = pdfPathBytes(path, tail);
  return bytes.length <= DEFLATE_PIECE ? deflateWhole(bytes) : deflatePieces(bytes);
}

/** `deflateSync(bytes, { level: 1 })` on zlib's thread, into one output buffer that holds it all. */
function deflateWhole(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    deflate(bytes, { level: 1, chunkSize: room(bytes.length) }, (error, out) =>
      error ? reject(error) : resolve(out),
    );
  });
}

/** Output room for `n` bytes at level 1, which never grows its input by more than a few bytes per 16 KB. */
const room = (n: number): number => Math.max(1 << 16, n + (n >>> 8) + 1024);

/**
 * Operators longer than this (a maze of some 200,000 cells) are deflated in pieces of this many bytes, side
 * by side: one piece on one thread takes a third of a million-cell render, two cores make it half that.
 */
export const DEFLATE_PIECE = 4 << 20;

/** Deflate's window: each piece is primed with this much of the text before it. */
const WINDOW = 32 << 10;

/** zlib's header for deflate with a 32 KB window at its fastest level (RFC 1950: CMF 0x78, FLG 0x01). */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);

/**
 * One zlib stream (RFC 1950) of `bytes` made of pieces `piece` bytes long, deflated at level 1 side by side
 * on zlib's threads, as pigz does: each piece a raw deflate primed with the 32 KB before it (the window an
 * inflater holds when it gets there), ended by a sync flush (an empty stored block, so the next piece starts
 * on a byte), the last one ending the stream; the header before them and the Adler-32 of all the bytes
 * after. Any inflater reads it as one stream. The pieces depend on the length alone, so the bytes do not
 * depend on the machine; they differ from one deflate of the whole (a few hundred bytes larger).
 */
export async function deflatePieces(bytes: Buffer, piece: number = DEFLATE_PIECE): Promise<Buffer> {
  if (!(piece >= 1)) throw new Error(`internal: deflate pieces of ${piece} bytes`);
  if (bytes.length === 0) return deflateWhole(bytes);
  const jobs: Promise<Buffer>[] = [];
  for (let at = 0; at < bytes.length; at += piece) {
    const end = Math.min(bytes.length, at + piece);
    const options = {
      level: 1,
      chunkSize: room(end - at),
      finishFlush: end === bytes.length ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(at > 0 ? { dictionary: bytes.subarray(Math.max(0, at - WINDOW), at) } : {}),
    };
    jobs.push(
      new Promise((resolve, reject) => {
        deflateRaw(bytes.subarray(at, end), options, (error, out) => (error ? reject(error) : resolve(out)));
      }),
    );
  }
  // The checksum is summed here while zlib's threads deflate.
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32(bytes));
  return Buffer.concat([ZLIB_HEADER, ...(await Promise.all(jobs)), trailer]);
}

const ADLER_MOD = 65521;

/** Whole words summed between unpackings of the lane sums (each lane of q stays below 2^16; see adler32). */
const WORDS = 22;

/** Whether an Int32Array reads bytes 0…3 of a word as its bits 0–7 … 24–31 (the SWAR loop's lane order). */
const LITTLE_ENDIAN = new Uint8Array(Int32Array.of(1).buffer)[0] === 1;

/**
 * The Adler-32 checksum of `bytes` (RFC 1950), as zlib's trailer holds it: a = 1 + Σ bytes, b = Σ of a
 * after each byte, both mod 65521.
 *
 * Four bytes at a time (SWAR): a block of m whole words (aligned in memory) is read as 32-bit words x_j,
 * whose bytes 0 and 2 (x & 0x00ff00ff) and 1 and 3 ((x >>> 8) & 0x00ff00ff) sit in 16-bit lanes. p sums
 * the words lane by lane (L_l, the block's bytes at lane l) and q sums p after each word, so its lanes hold
 * Q_l = Σ_j (m − j)·x_{j,l}. Over the block's N = 4m bytes, b grows by N·a + Σ_i (N − i)·byte_i, and with
 * i = 4j + l that is N·a + 4·Σ_l Q_l − Σ_l l·L_l. With m ≤ 22, Q_l ≤ 255·m(m + 1)/2 < 2^16, so no lane
 * carries into the next; a and b are reduced after every block. The bytes before the first aligned word and
 * after the last are summed one by one.
 */
export function adler32(bytes: Uint8Array): number {
  const n = bytes.length;
  // Bytes up to the first 4-byte boundary of the buffer, then whole words, then the rest.
  const head = LITTLE_ENDIAN ? Math.min(n, (4 - (bytes.byteOffset & 3)) & 3) : n;
  const words = (n - head) >>> 2;
  let a = 1;
  let b = 0;
  for (let i = 0; i < head; i++) {
    a += bytes[i];
    b += a;
  }
  a %= ADLER_MOD;
  b %= ADLER_MOD;
  if (words > 0) {
    const ab = sumWords(new Int32Array(bytes.buffer, bytes.byteOffset + head, words), a, b);
    a = ab >>> 16;
    b = ab & 0xffff;
  }
  return adlerBytes(bytes, head + 4 * words, n, a, b);
}

/**
 * Adds whole words (bytes in little-endian lanes) to the sums a and b (each below 65521); returns them
 * packed as a · 2^16 + b (a scratch form, not the checksum's order). A function of typed arrays and
 * numbers alone, so its loop never depends on an object's shape.
 */
function sumWords(x: Int32Array, a0: number, b0: number): number {
  const n = x.length;
  let a = a0;
  let b = b0;
  for (let j = 0; j < n; ) {
    const end = Math.min(n, j + WORDS);
    const m = end - j;
    let pe = 0;
    let po = 0;
    let qe = 0;
    let qo = 0;
    for (; j < end; j++) {
      const w = x[j];
      pe = (pe + (w & 0x00ff00ff)) | 0;
      po = (po + ((w >>> 8) & 0x00ff00ff)) | 0;
      qe = (qe + pe) | 0;
      qo = (qo + po) | 0;
    }
    const l1 = po & 0xffff;
    const l2 = pe >>> 16;
    const l3 = po >>> 16;
    const q = (qe & 0xffff) + (qe >>> 16) + (qo & 0xffff) + (qo >>> 16);
    // Below 2^31: b < 65521 + 88 · 65521 + 4 · 4 · 65535 and a < 65521 + 88 · 255.
    b = (b + 4 * m * a + 4 * q - (l1 + 2 * l2 + 3 * l3)) % ADLER_MOD;
    a = (a + (pe & 0xffff) + l1 + l2 + l3) % ADLER_MOD;
  }
  return a * 65536 + b;
}

/** Adds bytes[from…to) to the sums a and b one by one, reduced every 2048 bytes; returns the checksum. */
function adlerBytes(bytes: Uint8Array, from: number, to: number, a0: number, b0: number): number {
  // Sums reduced every 2048 bytes stay below 2^31 (b < 65521 · 2049 + 255 · 2048 · 2049 / 2), so the loop
  // runs on small integers.
  let a = a0;
  let b = b0;
  for (let i = from; i < to; ) {
    const end = Math.min(to, i + 2048);
    for (; i < end; i++) {
      a = (a + bytes[i]) | 0;
      b = (b + a) | 0;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return (b * 65536 + a) >>> 0;
}
