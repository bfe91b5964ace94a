import { UserError } from '../base/errors.js';
import type { MazeSpec } from '../spec/schema.js';

/** The maze options `render` and `sheet` take as flags. */
export interface MazeFlags {
  fm?: string;
  shape?: string;
  cells?: string;
  rings?: string;
  passage?: string;
  hexTop?: string;
  mask?: string;
  formula?: string;
  image?: string;
  text?: string;
  algorithm?: string;
  straightness?: number;
  newest?: number;
  weave?: number;
  weights?: string;
  post?: string;
  candidates?: number;
  entry?: string;
  exit?: string;
  difficulty?: string;
  mazegram?: string;
  language?: string;
}

/** The maze fields the flags describe (validated with the spec's own schema when the maze is planned). */
export function mazeFromFlags(o: MazeFlags): MazeSpec {
  const maze: Record<string, unknown> = {};
  const count = (v: string, flag: string): number | 'auto' => {
    if (v === 'auto') return v;
    if (!/^\d+$/.test(v)) throw new UserError(flag, `expected a whole number or auto, got "${v}"`);
    return Number(v);
  };
  if (o.fm) maze.fm = o.fm;
  if (o.shape) maze.shape = o.shape;
  if (o.cells) {
    const m = /^(\d+)\s*[x×]\s*(\d+)$/.exec(o.cells);
    maze.cells = m ? [Number(m[1]), Number(m[2])] : count(o.cells, '--cells');
  }
  if (o.rings) maze.rings = count(o.rings, '--rings');
  if (o.passage) maze.passage = o.passage;
  if (o.hexTop) maze['hex-top'] = o.hexTop;
  const masks = [o.mask, o.formula, o.image, o.text].filter((m) => m !== undefined);
  if (masks.length > 1) throw new UserError('--mask', 'use one of --mask, --formula, --image and --text');
  if (o.mask) maze.mask = o.mask;
  if (o.formula) maze.mask = { formula: o.formula };
  if (o.image) maze.mask = { image: o.image };
  if (o.text) maze.mask = { text: o.text };
  if (o.algorithm) maze.algorithm = o.algorithm;
  if (o.straightness !== undefined) maze.straightness = o.straightness;
  if (o.newest !== undefined) maze.newest = o.newest;
  if (o.weave !== undefined) maze.weave = o.weave;
  if (o.candidates !== undefined) maze.candidates = o.candidates;
  const pairs = (list: string, flag: string): [string, string | undefined][] =>
    list.split(',').map((item) => {
      const [k, v, extra] = item.trim().split('=');
      if (!k || extra !== undefined) throw new UserError(flag, `expected name or name=value, got "${item}"`);
      return [k, v];
    });
  const number = (v: string | undefined, flag: string, k: string): number => {
    const n = Number(v);
    if (v === undefined || v.trim() === '' || !Number.isFinite(n)) {
      throw new UserError(flag, `expected ${k}=<number>, got "${k}${v === undefined ? '' : `=${v}`}"`);
    }
    return n;
  };
  if (o.weights) {
    maze.weights = Object.fromEntries(
      pairs(o.weights, '--weights').map(([k, v]) => [k, number(v, '--weights', k)]),
    );
  }
  if (o.post) {
    maze.post = pairs(o.post, '--post').map(([k, v]) =>
      v === undefined ? k : { [k]: number(v, '--post', k) },
    );
  }
  if (o.entry) maze.entry = o.entry;
  if (o.exit) maze.exit = o.exit;
  if (o.difficulty)
    maze.difficulty = /^\d+(\.\d+)?$/.test(o.difficulty) ? Number(o.difficulty) : o.difficulty;
  if (o.mazegram) maze.mazegram = o.language ? { message: o.mazegram, language: o.language } : o.mazegram;
  if (!o.fm && maze.cells === undefined && maze.rings === undefined && maze.passage === undefined) {
    if (maze.shape === 'circle') maze.rings = 12;
    else maze.cells = 20;
  }
  return maze as MazeSpec;
}
