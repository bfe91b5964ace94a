import type { Solution } from '../analyze/solve.js';
import { UserError } from '../base/errors.js';
import type { Maze } from '../generate/maze.js';
import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import { isLetterOf, type Language, nextLetterWeights } from './languages.js';

/**
 * Mazegrams (Amaze §7 and §8.1 items 20–21): the message's letters sit on the solution, from entry to exit,
 * spread evenly; the other cells carry decoy letters drawn from the language's statistics.
 *
 * Rules, as documented in docs/spec.md ("Mazegrams"):
 * - Only letters are placed. Spaces and punctuation (. , ! ? ; : ' " ’ - – — ( )) separate words and show in
 *   the answer blanks and the decoded message, but take no cell. Anything else must be a letter of the
 *   language, or it is an error.
 * - Letter i of k goes on solution cell ⌊(i + ½)·L / k⌋ of the L solution cells that can hold a letter
 *   (all of them except the small squares of octagon mazes), so the gaps between letters differ by at most
 *   one cell. Other solution cells stay empty, so reading the letters along the solution gives exactly the
 *   message.
 * - Each cell off the solution gets a decoy with probability `fill`. The default, `auto`, is the share of
 *   solution cells that hold a letter (k / L), so empty cells do not give the path away. Decoys follow the branches out from
 *   the solution: each is drawn given the letters before it on the way in (the language's bigram model),
 *   so dead ends read like plausible non-words.
 * - No path a solver can read forwards — along the solution from the entry and then out into any branch —
 *   may spell the message or one of its words of three letters or more using a decoy letter; a decoy that
 *   would complete such a word is drawn again (or left out).
 */
export interface MazegramOptions {
  message: string;
  language: Language;
  /** Share of off-solution cells given decoys; `auto` matches the letter density on the solution. */
  fill: number | 'auto';
  case: 'upper' | 'lower' | 'keep';
}

export interface Mazegram {
  /** The letter in each cell, or '' for none. */
  letters: string[];
  /** 1 for the cells holding the message's letters. */
  onPath: Uint8Array;
  /** The message as it will be shown (after `case`), and its words (letters only). */
  message: string;
  words: string[];
  /** Number of letters placed on the solution. */
  count: number;
}

const SEPARATORS = /[\s.,!?;:'"’\-–—()]/u;
/** Shortest message word that decoys may not spell. */
export const MIN_GUARDED_WORD = 3;

export function applyCase(text: string, mode: MazegramOptions['case']): string {
  if (mode === 'keep') return text;
  if (mode === 'lower') return text.toLocaleLowerCase();
  // Upper case letter by letter, so that ß stays one letter.
  return [...text].map((ch) => (ch === 'ß' ? ch : ch.toLocaleUpperCase())).join('');
}

/**
 * The message's letters (in order) and words, checked against the language.
 * @throws UserError naming the first character the language does not have, with its position
 */
export function messageLetters(
  message: string,
  lang: Language,
  mode: MazegramOptions['case'],
  where: string,
): { letters: string[]; words: string[]; shown: string } {
  const shown = applyCase(message.trim(), mode);
  const letters: string[] = [];
  const words: string[] = [];
  let word = '';
  let i = 0;
  for (const ch of shown) {
    i++;
    if (SEPARATORS.test(ch)) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    if (!isLetterOf(lang, ch)) {
      throw new UserError(
        where,
        `mazegram: "${ch}" (character ${i} of the message) is not a letter of ${lang.name}`,
        `use letters of ${lang.name}, spaces and . , ! ? ; : ' " - ( ), or choose another language`,
      );
    }
    letters.push(ch);
    word += ch;
  }
  if (word) words.push(word);
  if (letters.length === 0) {
    throw new UserError(
      where,
      'mazegram: the message has no letters',
      'write the words the solution should spell',
    );
  }
  return { letters, words, shown };
}

/**
 * Cells big enough to hold a letter: those whose centre is at least 60 % of the usual distance from their
 * walls (this leaves out the small squares between octagons; every other tiling has cells of one size).
 */
export function letterCells(maze: Maze): Uint8Array {
  const { grid } = maze;
  const reach = new Float64Array(grid.cellCount).fill(Infinity);
  for (let w = 0; w < grid.wallCount; w++) {
    const mx = (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2;
    const my = (grid.vertexY[grid.wallV0[w]] + grid.vertexY[grid.wallV1[w]]) / 2;
    for (const c of [grid.wallCellA[w], grid.wallCellB[w]]) {
      if (c >= 0) reach[c] = Math.min(reach[c], Math.hypot(mx - grid.cellX[c], my - grid.cellY[c]));
    }
  }
  const sorted = Float64Array.from(reach).sort();
  const usual = sorted[Math.floor(sorted.length / 2)];
  const ok = new Uint8Array(grid.cellCount);
  for (let c = 0; c < grid.cellCount; c++) ok[c] = reach[c] >= 0.6 * usual ? 1 : 0;
  return ok;
}

/** Solution cells that can hold a message letter, in walking order. */
export function messageCells(maze: Maze, solution: Solution): number[] {
  const ok = letterCells(maze);
  return [...solution.cells].filter((c) => ok[c] === 1);
}

/** Places the message on the solution and decoys elsewhere. The solution must have room for every letter. */
export function placeMazegram(
  maze: Maze,
  solution: Solution,
  opts: MazegramOptions,
  rng: Rng,
  where: string,
): Mazegram {
  const { grid, open } = maze;
  const { letters: msg, words, shown } = messageLetters(opts.message, opts.language, opts.case, where);
  const path = solution.cells;
  const ok = letterCells(maze);
  const slots = [...path].filter((c) => ok[c] === 1);
  const L = slots.length;
  const k = msg.length;
  if (k > L) throw new Error(`internal: a solution with ${L} letter cells cannot hold ${k} letters`);
  const letters = new Array<string>(grid.cellCount).fill('');
  const onPath = new Uint8Array(grid.cellCount);
  for (let i = 0; i < k; i++) {
    const c = slots[Math.floor(((i + 0.5) * L) / k)];
    letters[c] = msg[i];
    onPath[c] = 1;
  }
  const forest = branchForest(grid, open, path);
  const draw = decoyDrawer(letters, path, forest.parent, opts, rng);
  const fill = opts.fill === 'auto' ? k / L : opts.fill;
  for (const c of forest.order) if (rng.next() < fill && ok[c] === 1) letters[c] = draw(c);
  guardWords([msg.join(''), ...words], letters, path, forest, draw);
  return { letters, onPath, message: shown, words, count: k };
}

/**
 * The branches off the solution: a breadth-first forest from the solution cells over open passages, each
 * cell's parent (-1 on the solution, -2 unreached) and the cells in the order reached.
 */
interface BranchForest {
  parent: Int32Array;
  order: number[];
}

function branchForest(grid: Grid, open: Uint8Array, path: Int32Array): BranchForest {
  const n = grid.cellCount;
  const parent = new Int32Array(n).fill(-2);
  const order: number[] = [];
  for (const c of path) parent[c] = -1;
  let head = 0;
  const queue: number[] = [...path];
  while (head < queue.length) {
    const c = queue[head++];
    for (let a = grid.adjStart[c]; a < grid.adjStart[c + 1]; a++) {
      const to = grid.adjCell[a];
      if (parent[to] !== -2 || open[grid.adjWall[a]] === 0) continue;
      parent[to] = c;
      order.push(to);
      queue.push(to);
    }
  }
  return { parent, order };
}

/**
 * Draws a decoy letter for cell c from the language's statistics after the two nearest letters before it on
 * the way in from the entry (its parent chain, then the solution), avoiding the letters in `avoid` (up to 16
 * tries; '' when every try hit one).
 */
function decoyDrawer(
  letters: readonly string[],
  path: Int32Array,
  parent: Int32Array,
  opts: MazegramOptions,
  rng: Rng,
): (c: number, avoid?: Set<string>) => string {
  const onSolution = new Int32Array(parent.length).fill(-1);
  for (let j = 0; j < path.length; j++) onSolution[path[j]] = j;
  const lang = opts.language;
  const lower = opts.case === 'lower';
  /** The nearest lettered cell before c on the way in from the entry (its parent chain, then the solution). */
  const nearestLetter = (c: number): { cell: number; letter: string | undefined } => {
    let at = c;
    for (;;) {
      const j = onSolution[at];
      const up = j >= 0 ? (j > 0 ? path[j - 1] : -1) : parent[at];
      if (up < 0) return { cell: -1, letter: undefined };
      if (letters[up]) return { cell: up, letter: letters[up] };
      at = up;
    }
  };
  return (c, avoid) => {
    const prev = nearestLetter(c);
    const prevPrev = prev.cell >= 0 ? nearestLetter(prev.cell).letter : undefined;
    const weights = nextLetterWeights(lang, prev.letter?.toLocaleUpperCase(), prevPrev?.toLocaleUpperCase());
    const total = weights[weights.length - 1];
    for (let attempt = 0; attempt < 16; attempt++) {
      const r = rng.next() * total;
      let i = 0;
      while (i < weights.length - 1 && weights[i] <= r) i++;
      const letter = lower ? lang.letters[i].toLocaleLowerCase() : lang.letters[i];
      if (!avoid?.has(letter)) return letter;
    }
    return '';
  };
}

/**
 * Guards the message and its words: replays every forward reading with a matcher per word and redraws the
 * decoys that complete one (up to 8 rounds, the last leaving them blank).
 */
function guardWords(
  spelled: readonly string[],
  letters: string[],
  path: Int32Array,
  forest: BranchForest,
  draw: (c: number, avoid?: Set<string>) => string,
): void {
  const guarded = [...new Set(spelled.filter((w) => [...w].length >= MIN_GUARDED_WORD))];
  for (const word of guarded) {
    const w = [...word];
    const fail = failureTable(w);
    for (let round = 0; round < 8; round++) {
      const offending = findSpelling(w, fail, letters, path, forest);
      if (offending.length === 0) break;
      for (const c of offending) {
        const bad = letters[c];
        letters[c] = round < 7 ? draw(c, new Set([bad])) : '';
      }
    }
  }
}

/**
 * Decoy cells where a forward reading completes `w`: the solution's letters from the entry, then down
 * every branch (depth first), feeding a KMP matcher; a match ending on a decoy letter is reported.
 */
function findSpelling(
  w: string[],
  fail: Int32Array,
  letters: readonly string[],
  path: Int32Array,
  { parent, order }: BranchForest,
): number[] {
  const hits: number[] = [];
  const step = (state: number, ch: string): number => {
    let s = state;
    while (s > 0 && w[s] !== ch) s = fail[s - 1];
    if (w[s] === ch) s++;
    return s === w.length ? fail[s - 1] : s;
  };
  const matched = (state: number, ch: string): boolean => {
    let s = state;
    while (s > 0 && w[s] !== ch) s = fail[s - 1];
    return w[s] === ch && s + 1 === w.length;
  };
  // Children lists of the branch forest.
  const kids = new Map<number, number[]>();
  for (const c of order) {
    const p = parent[c];
    const list = kids.get(p);
    if (list) list.push(c);
    else kids.set(p, [c]);
  }
  let state = 0;
  for (const s of path) {
    if (letters[s]) state = step(state, letters[s]);
    const stack: [number, number][] = (kids.get(s) ?? []).map((c) => [c, state]);
    while (stack.length > 0) {
      const [c, st] = stack.pop()!;
      let next = st;
      if (letters[c]) {
        if (matched(st, letters[c])) hits.push(c);
        next = step(st, letters[c]);
      }
      for (const child of kids.get(c) ?? []) stack.push([child, next]);
    }
  }
  return hits;
}

/** KMP failure function of a word given as letters. */
function failureTable(w: string[]): Int32Array {
  const fail = new Int32Array(w.length);
  for (let i = 1, k = 0; i < w.length; i++) {
    while (k > 0 && w[i] !== w[k]) k = fail[k - 1];
    if (w[i] === w[k]) k++;
    fail[i] = k;
  }
  return fail;
}
