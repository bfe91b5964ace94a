import { createHash, type Hash } from 'node:crypto';

/** Feeds a plain-data value to a hash: object keys sorted, typed arrays as their bytes, undefined fields skipped. */
function feed(h: Hash, value: unknown): void {
  if (ArrayBuffer.isView(value)) {
    h.update(`<${value.constructor.name}:${value.byteLength}>`);
    h.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  } else if (Array.isArray(value)) {
    h.update('[');
    for (const v of value) {
      feed(h, v);
      h.update(',');
    }
    h.update(']');
  } else if (value instanceof Date) {
    h.update(`<date:${value.getTime()}>`);
  } else if (value !== null && typeof value === 'object') {
    h.update('{');
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record).sort()) {
      if (record[key] === undefined) continue;
      h.update(`${JSON.stringify(key)}:`);
      feed(h, record[key]);
      h.update(',');
    }
    h.update('}');
  } else {
    h.update(value === undefined ? '<undefined>' : `${typeof value}:${String(value)}`);
  }
}

/**
 * A short hash of plain data (plans, display lists): equal for equal data whatever the key order, different
 * (up to SHA-1 collisions) for any other. 16 hex digits.
 */
export function fingerprint(...values: unknown[]): string {
  const h = createHash('sha1');
  for (const v of values) {
    feed(h, v);
    h.update('|');
  }
  return h.digest('hex').slice(0, 16);
}
