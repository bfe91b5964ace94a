import { MAX_READER_CHARS } from '../book/playtest-record.js';
import { deriveSeed } from '../random/derive-seed.js';
import { createRng } from '../random/sfc32.js';

/** How a playtest orders the book's puzzles: the book's order, or shuffled per reader from a seed. */
export type PlayOrder = { kind: 'book' } | { kind: 'shuffled'; seed: number };

/**
 * The puzzles (0-based indices into the book's puzzles) in the order `reader` meets them. Shuffled orders are
 * a Fisher–Yates shuffle drawn from the seed and the reader's name, so each reader gets an order of their own
 * (a puzzle met late is met with practice: shuffling spreads that over the puzzles), and the same reader gets
 * the same order in every session with the same seed.
 */
export function readingOrder(count: number, order: PlayOrder, reader: string): number[] {
  const indices = Array.from({ length: count }, (_, i) => i);
  if (order.kind === 'book') return indices;
  const rng = createRng(deriveSeed(order.seed, `play/${reader}`, 0));
  for (let i = count - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [indices[i], indices[j]] = [indices[j], indices[i]];
  }
  return indices;
}

/**
 * A reader's name as recorded: trimmed, inner runs of spaces as one, in Unicode's composed form (NFC).
 * @returns undefined for a name that is empty, longer than MAX_READER_CHARS or holds control characters
 */
export function readerName(raw: string): string | undefined {
  const name = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (name === '' || [...name].length > MAX_READER_CHARS || /[\u0000-\u001f\u007f-\u009f]/.test(name))
    return undefined;
  return name;
}
