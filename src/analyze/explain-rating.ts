import type { Rating } from './rate.js';

/** One component of a rating as `rate --explain` shows it. */
export interface ExplainedPart {
  name: 'search' | 'route' | 'decisions' | 'cycling';
  /** Effort of the part, in steps, and its share of the total in [0, 1]. */
  effort: number;
  share: number;
  /** Points of the score above 1 owed to this part (the parts' points add up to score − 1). */
  points: number;
  /** What was measured, in words. */
  what: string;
}

/**
 * Splits a rating's score among its components, in proportion to their effort (the score is a function of
 * the summed effort, so each part's share of the effort is its share of the points above 1).
 */
export function explainParts(r: Rating): ExplainedPart[] {
  const c = r.components;
  const total = c.effort;
  const above = r.score - 1;
  const part = (name: ExplainedPart['name'], effort: number, what: string): ExplainedPart => {
    const share = total > 0 ? effort / total : 0;
    return { name, effort, share, points: above * share, what };
  };
  const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
  return [
    part('search', c.search.effort, searchInWords(r, plural)),
    part(
      'route',
      c.route.effort,
      `the solution is ${plural(c.route.steps, 'step')} and turns ${c.route.turning.toFixed(0)} right angles, in ${plural(c.route.hallways, 'hallway')}`,
    ),
    part(
      'decisions',
      c.decisions.effort,
      c.decisions.branches === 0
        ? 'no wrong turn on the way'
        : `${plural(c.decisions.junctions, 'junction')} on the way offer ${plural(c.decisions.branches, 'wrong branch', 'wrong branches')}; a solver drawn to the exit explores ${c.decisions.cells.toFixed(0)} cells of them (the costliest choice at step ${c.decisions.worstStep})`,
    ),
    part(
      'cycling',
      c.cycling.effort,
      c.cycling.loops <= 0
        ? 'no loops'
        : `${plural(c.cycling.cells, 'cell')} off the solution lie on loops (${plural(c.cycling.loops, 'loop')} in all)`,
    ),
  ];
}

/** The search part in words: the overlap and how it was found (exactly, per branch, or from walks). */
function searchInWords(r: Rating, plural: (n: number, one: string, many?: string) => string): string {
  const { overlap, method, walks } = r.components.search;
  const ci = r.overlapSteps.ci95;
  const wasted = `simulated solvers waste ${overlap.toFixed(1)}${method === 'exact' ? '' : ` ± ${ci.toFixed(1)}`} steps on average`;
  if (method === 'exact') return `${wasted} (computed exactly, no walks)`;
  if (method === 'branches') {
    return `${wasted} (the choices at the route's junctions exactly, the wrong branches explored in ${plural(walks, 'walk')})`;
  }
  return `${wasted} (the mean of ${plural(walks, 'walk')})`;
}

/**
 * The explanation as text lines: a summary line, then one line per component (share of the effort, points,
 * what was measured).
 */
export function explainRating(r: Rating): string[] {
  const parts = explainParts(r);
  const pct = (x: number): string => `${Math.round(x * 100)}%`.padStart(4);
  const width = Math.max(...parts.map((p) => p.name.length));
  return [
    `score ${r.score.toFixed(1)} (${r.label}) from an effort of ${r.components.effort.toFixed(0)} steps, model ${r.model}:`,
    ...parts.map((p) => `  ${p.name.padEnd(width)}  ${pct(p.share)}  +${p.points.toFixed(1)}  ${p.what}`),
  ];
}
