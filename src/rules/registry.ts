import type { DifficultyModel } from '../analyze/difficulty-model.js';
import type { Metrics } from '../analyze/metrics.js';
import type { Rating } from '../analyze/rating.js';
import { createRng, type Seed128 } from '../random/sfc32.js';
import { arrowsMoves, generateArrows, proveArrows } from './arrows.js';
import type { PathCount } from './count-paths.js';
import { generateJumps, jumpsMoves, proveJumps } from './jumps.js';
import { type MoveGraph, reachable } from './move-graph.js';
import { generateNumbers, numbersMoves, proveNumbers } from './numbers.js';
import { measureRuleMaze, RULE_WALKS, ruleRating } from './rate-rule.js';
import type { RuleName, RulePuzzle, RuleRecipe } from './rule-puzzle.js';
import { generateSequence, proveSequence, sequenceMoves } from './sequence.js';

/**
 * The rules of rule mazes, each with its generator, its move graph, its solver (which proves the single
 * solution) and what one of its moves costs on the difficulty scale. Adding a rule is adding its file and
 * one entry here (and its drawing, layout/rule-symbols.ts).
 */
export interface RuleKind {
  /** The smallest side, in cells, the generator accepts for this rule. */
  minSide(rule: RuleRecipe): number;
  /** A maze of the rule, its single solution proved (an internal error otherwise). */
  generate(rule: RuleRecipe, columns: number, rows: number, seed: Seed128): RulePuzzle;
  moves(p: RulePuzzle): MoveGraph;
  /** Counts the maze's solutions up to 2 (see count-paths.ts), naming the method. */
  prove(p: RulePuzzle, g?: MoveGraph): PathCount & { method: string };
  /** The solution is the only shortest way (arrows, jumps); otherwise the only simple path. */
  shortest: boolean;
  /** Moves go both ways (cycles of the cycling measure are then undirected). */
  undirected(rule: RuleRecipe): boolean;
  /**
   * What one move costs against one step along a corridor, on the difficulty scale (calibrated so that typical
   * sizes land where puzzle books put them; docs/difficulty.md, "Rule mazes").
   */
  moveCost: number;
  /**
   * The typical score (the median of many seeds, under the default difficulty model) of a 4×4 and of a
   * 25×25 maze of this rule: a maze of n cells typically scores in between, linearly in ln n. Seeds spread
   * about ±0.8 around it on small grids, less on large ones (measured; see `typicalRuleScore`).
   */
  typical: readonly [number, number];
}

export const ruleKinds: Record<RuleName, RuleKind> = {
  numbers: {
    minSide: () => 4,
    generate: (rule, columns, rows, seed) => {
      if (rule.kind !== 'numbers') throw new Error('internal: not a number rule');
      return generateNumbers(rule.follow, columns, rows, createRng(seed));
    },
    moves: numbersMoves,
    prove: proveNumbers,
    shortest: false,
    undirected: (rule) => rule.kind === 'numbers' && rule.follow.kind !== 'count-up',
    moveCost: 4.8,
    typical: [3.4, 6.9],
  },
  sequence: {
    minSide: () => 4,
    generate: (rule, columns, rows, seed) => {
      if (rule.kind !== 'sequence') throw new Error('internal: not a sequence rule');
      return generateSequence(rule.symbols, columns, rows, createRng(seed));
    },
    moves: sequenceMoves,
    prove: proveSequence,
    shortest: false,
    undirected: (rule) => rule.kind === 'sequence' && rule.symbols.length === 2,
    moveCost: 3.6,
    typical: [3.6, 7.8],
  },
  arrows: {
    minSide: () => 4,
    generate: (rule, columns, rows, seed) => {
      if (rule.kind !== 'arrows') throw new Error('internal: not an arrow rule');
      return generateArrows(rule.directions, columns, rows, createRng(seed));
    },
    moves: arrowsMoves,
    prove: proveArrows,
    shortest: true,
    undirected: () => false,
    moveCost: 3.9,
    typical: [4.9, 8.4],
  },
  jumps: {
    minSide: () => 4,
    generate: (_rule, columns, rows, seed) => generateJumps(columns, rows, createRng(seed)),
    moves: jumpsMoves,
    prove: proveJumps,
    shortest: true,
    undirected: () => false,
    moveCost: 5.4,
    typical: [5.3, 9.7],
  },
};

/** How far from its typical score a rule maze can be made to score, by choosing among candidates. */
export const RULE_SCORE_REACH = 1.5;

/**
 * The typical score of a maze of `rule` with `cells` cells under the default difficulty model (see
 * `RuleKind.typical`), read off the line through the 4×4 and 25×25 figures in ln(cells).
 */
export function typicalRuleScore(rule: RuleRecipe, cells: number): number {
  const [small, large] = ruleKinds[rule.kind].typical;
  const t = (Math.log(cells) - Math.log(16)) / (Math.log(625) - Math.log(16));
  return small + (large - small) * t;
}

/**
 * Generates a rule maze and checks its proof once more: exactly one solution, and it is the one the maze
 * carries. Pure: the same rule, size and seed give the same maze.
 */
export function generateRuleMaze(rule: RuleRecipe, columns: number, rows: number, seed: Seed128): RulePuzzle {
  const kind = ruleKinds[rule.kind];
  const p = kind.generate(rule, columns, rows, seed);
  const proof = kind.prove(p);
  if (proof.count !== 1 || proof.exhausted || !proof.path || !sameCells(proof.path, p.path)) {
    throw new Error(`internal: a ${rule.kind} maze was generated without a proved single solution`);
  }
  return p;
}

function sameCells(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** Counts a rule maze's solutions (up to 2) with its rule's solver. */
export function proveRuleMaze(p: RulePuzzle): PathCount & { method: string } {
  return ruleKinds[p.rule.kind].prove(p);
}

/** Rates a rule maze on the 1–10 scale: `screen` (fewer walks) or `full`, its walks drawn from `seed`. */
export function rateRuleMaze(
  p: RulePuzzle,
  seed: Seed128,
  model: DifficultyModel,
  depth: 'screen' | 'full' = 'full',
): Rating {
  const kind = ruleKinds[p.rule.kind];
  const measures = measureRuleMaze(p, kind.moves(p), seed, RULE_WALKS[depth], kind.undirected(p.rule));
  return ruleRating(measures, kind.moveCost, model);
}

/**
 * A rule maze's counts in the shape `rate` reports a wall maze's (analyze/metrics.ts), read on its moves:
 * cells; the solution's cells; dead ends (states the start reaches that have no move, the goal aside);
 * junctions (states on the solution offering a wrong move); turns along the solution; the rest 0.
 */
export function ruleMetrics(p: RulePuzzle): Metrics {
  const g = ruleKinds[p.rule.kind].moves(p);
  const seen = reachable(g, p.start);
  let deadEnds = 0;
  for (let c = 0; c < g.count; c++) if (seen[c] && c !== p.goal && g.start[c + 1] === g.start[c]) deadEnds++;
  const onPath = new Set<number>();
  let junctions = 0;
  let turns = 0;
  for (let i = 0; i < p.path.length - 1; i++) {
    const c = p.path[i];
    onPath.add(c);
    for (let e = g.start[c]; e < g.start[c + 1]; e++) {
      if (g.to[e] !== p.path[i + 1] && !onPath.has(g.to[e])) {
        junctions++;
        break;
      }
    }
    if (i > 0 && direction(p, p.path[i - 1], c) !== direction(p, c, p.path[i + 1])) turns++;
  }
  return {
    cells: g.count,
    solutionLength: p.path.length,
    deadEnds,
    longDeadEnds: 0,
    junctions,
    passages: 0,
    loops: 0,
    longLoops: 0,
    turns,
    rimShare: 0,
  };
}

function direction(p: RulePuzzle, a: number, b: number): number {
  const dx = Math.sign((b % p.columns) - (a % p.columns));
  const dy = Math.sign(Math.floor(b / p.columns) - Math.floor(a / p.columns));
  return (dy + 1) * 3 + dx + 1;
}
