import { inflateRawSync } from 'node:zlib';

/**
 * What the `tiny-inflate` package does — inflate raw DEFLATE data from `source` into `dest` — done by zlib.
 * The bundled command (bench/bundle-cli.mjs) puts it in tiny-inflate's place: fontkit and unicode-trie
 * inflate their Unicode tables with it when they are loaded, which in JavaScript costs a `render` tens of
 * milliseconds. Inflating is defined by the data, so the bytes are the same; bytes after the end of the
 * DEFLATE stream are ignored, as tiny-inflate ignores them.
 * @returns `dest`, or (as tiny-inflate returns it) `dest.slice(0, length)` when the data is shorter
 */
export function inflateInto<T extends Uint8Array>(source: Uint8Array, dest: T): T {
  const out = inflateRawSync(source);
  dest.set(out.length > dest.length ? out.subarray(0, dest.length) : out);
  return (out.length < dest.length ? dest.slice(0, out.length) : dest) as T;
}
