import { join, resolve } from 'node:path';
import { difficultyModelHash } from '../analyze/difficulty-model.js';
import { explainParts, explainRating } from '../analyze/explain-rating.js';
import { type Metrics, measure } from '../analyze/metrics.js';
import { type DifficultyLabel, type Rating, type RatingComponents, rateMaze } from '../analyze/rate.js';
import type { SimulatorName } from '../analyze/simulate.js';
import type { TopologyName } from '../grid/registry.js';
import { type PlanOptions, puzzleTemplateVars, sizeLabel } from '../plan/plan-book.js';
import { deriveSeed } from '../random/derive-seed.js';
import { heatmapPng, heatmapSvg } from '../render/heatmap.js';
import { proveRuleMaze, ruleMetrics } from '../rules/registry.js';
import { ruleLabel } from '../rules/rule-puzzle.js';
import { renderTemplate } from '../text/template.js';
import { makeBook } from './build-book.js';
import { toMm } from './lockfile.js';
import { checkOutputs, type OutputFile, writeOutputs } from './outputs.js';
import { bandDistance } from './select.js';

export type RateStage = 'spec' | 'maze' | 'rate' | 'heatmap';

/** Reported as a rating advances; `done` of `total` within the stage. */
export interface RateProgress {
  stage: RateStage;
  done: number;
  total: number;
}

export interface RateBookOptions extends PlanOptions {
  /**
   * The simulator whose overlap steps are reported; default `smart`. The score and label always come from
   * `smart`, the simulator the book's difficulty targets are measured with.
   */
  simulator?: SimulatorName;
  /** Write one heatmap PNG per maze into this folder, `<number>-<key>.png`. */
  heatmapDir?: string;
  onProgress?: (p: RateProgress) => void;
}

/** One puzzle's rating, as `mazebook rate` reports it. */
export interface PageRating {
  key: string;
  /** 1-based puzzle number in book order. */
  number: number;
  /** The page title as the book prints it. */
  title: string;
  shape: TopologyName;
  /** `12×16` or `9 rings`: the size of the maze kept (which `cells: auto` may have chosen). */
  size: string;
  algorithm: string;
  metrics: Metrics;
  /** Mean overlap steps of the reported simulator, with its 95 % interval half-width and the walks' spread. */
  overlapSteps: { mean: number; ci95: number; sd: number };
  /** Walks the reported simulator made. */
  walks: number;
  /** Difficulty in [1, 10], from the `smart` simulator. */
  score: number;
  label: DifficultyLabel;
  /** What the score is made of (from `smart`): each component's measures and effort, in steps. */
  components: RatingComponents;
  /** The `smart` rating itself, for explanations. */
  rating: Rating;
  /** The difficulty band the page aimed at, and whether the kept maze is inside it. */
  target?: { name: string; min: number; max: number; reached: boolean };
  /** Which candidate seed was kept, and how many were tried. */
  candidate: number;
  tried: number;
  /** The clear passage as printed (between walls, after their width), in mm. */
  clearPassage: number;
  /** The page's floor for it (its audience's or `min-passage`), in mm. */
  minPassage: number;
  /** The heatmap written, when asked for. */
  heatmap?: string;
  /**
   * A rule maze: its rule (as `numbers (even)`), its solutions as its solver counted them (1: proved single;
   * the only shortest for arrows and jumps) and how the count was made.
   */
  rule?: { rule: string; solutions: number; method: string };
}

export interface BookRatings {
  book: string;
  /** The difficulty model that scored the mazes: its name and difficultyModelHash. */
  model: { name: string; hash: string };
  /** The simulator behind `overlapSteps` and `walks`. */
  simulator: SimulatorName;
  pages: PageRating[];
  /** Things the author should know, each `where: what` (the same as `build` prints). */
  warnings: string[];
}

/**
 * spec → plan → mazes, each rated (the same mazes `build` makes: difficulty targets pick among candidates
 * exactly as there), in book order. With another simulator than `smart`, the kept maze is rated again with
 * it from the same rating seed; with `heatmapDir`, the walks are re-run to count visits per cell.
 */
export async function rateBook(specPath: string, options: RateBookOptions = {}): Promise<BookRatings> {
  const progress = options.onProgress;
  const simulator = options.simulator ?? 'smart';
  const dir = options.heatmapDir ? resolve(options.heatmapDir) : undefined;
  // The heatmap folder is checked before any maze is made, and made only when the pictures are written.
  if (dir) checkOutputs([{ path: join(dir, 'heatmap.png'), what: 'heatmap', option: '--heatmap' }], []);
  const made = await makeBook(specPath, options, true, (p) =>
    p.stage === 'spec' || p.stage === 'maze'
      ? progress?.({ stage: p.stage, done: p.done, total: p.total })
      : undefined,
  );
  const { plan, puzzles } = made;
  const warnings = [...made.warnings, ...made.problems];

  const pages: PageRating[] = [];
  const heatmaps: OutputFile[] = [];
  for (const [i, p] of puzzles.entries()) {
    const smart = p.rating;
    if (!smart) throw new Error(`internal: puzzle ${p.plan.number} was not rated`);
    const { key, number } = p.plan;
    const { shape, size } = p.recipe;
    // A hidden-picture maze is grown by its own generator, whatever the recipe's algorithm.
    const algorithm = p.recipe.picture?.reveal ? 'reveal' : p.recipe.algorithm;
    let shown: Rating = smart;
    let visits: Float64Array | undefined;
    // A rule maze has one rating (its own simulated solver) and no heatmap of wall-maze walks.
    const rule = p.rule;
    if (!rule && (simulator !== 'smart' || dir)) {
      // The seed choosePuzzle rated this candidate with: `smart` repeats its walks exactly.
      const seed = deriveSeed(p.plan.pageSeed ?? plan.seed, `${p.seedKey ?? key}#rate`, p.candidate);
      shown = rateMaze(p.maze, seed, {
        simulator,
        model: plan.difficultyModel,
        keep: (sim) => {
          visits = sim.visits;
        },
      });
    }
    const title = renderTemplate(
      p.plan.title,
      puzzleTemplateVars(
        number,
        plan.front.length + number,
        plan.title,
        key,
        shape,
        size,
        algorithm,
        plan.words.locale,
        smart,
        p.plan.sectionNumber,
      ),
    );
    const target = p.plan.difficulty;
    const page: PageRating = {
      key,
      number,
      title,
      shape,
      size: sizeLabel(shape, size),
      algorithm: rule ? ruleLabel(rule.rule) : algorithm,
      metrics: rule ? ruleMetrics(rule) : measure(p.maze, p.solution),
      overlapSteps: { ...shown.overlapSteps },
      walks: shown.walks,
      score: smart.score,
      label: smart.label,
      components: smart.components,
      rating: smart,
      ...(target
        ? {
            target: {
              name: target.name,
              min: target.min,
              max: target.max,
              reached: bandDistance(smart.score, target) === 0,
            },
          }
        : {}),
      candidate: p.candidate,
      tried: p.tried,
      clearPassage: toMm(p.clear),
      minPassage: toMm(p.plan.floor.clear),
      ...(rule ? { rule: ruleProof(rule) } : {}),
    };
    if (dir && visits) {
      const caption = `${number}. ${title}: ${simulator}, ${shown.walks} walks, overlap ${shown.overlapSteps.mean.toFixed(1)} ± ${shown.overlapSteps.ci95.toFixed(1)}, score ${smart.score.toFixed(1)} (${smart.label})`;
      const svg = heatmapSvg(p.maze, visits, shown.walks, p.solution, {
        font: plan.theme.fonts.body,
        caption,
      });
      page.heatmap = join(dir, `${number}-${key}.png`);
      heatmaps.push({
        path: page.heatmap,
        what: 'heatmap',
        data: await heatmapPng(svg),
        option: '--heatmap',
      });
    }
    pages.push(page);
    if (simulator !== 'smart' || dir) {
      progress?.({ stage: dir ? 'heatmap' : 'rate', done: i + 1, total: puzzles.length });
    }
  }
  await writeOutputs(heatmaps, plan.inputs);
  const model = { name: plan.difficultyModel.name, hash: difficultyModelHash(plan.difficultyModel) };
  return { book: plan.title, model, simulator, pages, warnings };
}

function ruleProof(rule: NonNullable<GeneratedPuzzleRule>): PageRating['rule'] {
  const proof = proveRuleMaze(rule);
  return { rule: ruleLabel(rule.rule), solutions: proof.exhausted ? -1 : proof.count, method: proof.method };
}

type GeneratedPuzzleRule = Awaited<ReturnType<typeof makeBook>>['puzzles'][number]['rule'];

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * The ratings as `mazebook rate --json` prints them: pages in book order, overlap and score rounded to two
 * decimals (the Monte Carlo estimates are good to about ±5 %), rim share to three.
 */
export function ratingsJson(r: BookRatings): unknown {
  return {
    book: r.book,
    model: r.model,
    simulator: r.simulator,
    pages: r.pages.map((p) => ({
      key: p.key,
      number: p.number,
      title: p.title,
      shape: p.shape,
      size: p.size,
      algorithm: p.algorithm,
      metrics: { ...p.metrics, rimShare: round(p.metrics.rimShare, 3) },
      overlapSteps: {
        mean: round(p.overlapSteps.mean, 2),
        ci95: round(p.overlapSteps.ci95, 2),
        sd: round(p.overlapSteps.sd, 2),
      },
      walks: p.walks,
      score: round(p.score, 2),
      label: p.label,
      components: componentsJson(p.components),
      ...(p.target ? { target: p.target } : {}),
      candidate: p.candidate,
      tried: p.tried,
      clearPassage: p.clearPassage,
      minPassage: p.minPassage,
      ...(p.rule
        ? { kind: 'rule', rule: p.rule.rule, solutions: p.rule.solutions, proof: p.rule.method }
        : {}),
    })),
  };
}

/** A rating's components for JSON: measures and efforts to two decimals (counts as they are). */
function componentsJson(c: RatingComponents): unknown {
  const r2 = (x: number): number => round(x, 2);
  return {
    search: {
      overlap: r2(c.search.overlap),
      effort: r2(c.search.effort),
      method: c.search.method,
      walks: c.search.walks,
    },
    route: {
      steps: c.route.steps,
      turning: r2(c.route.turning),
      hallways: c.route.hallways,
      effort: r2(c.route.effort),
    },
    decisions: {
      junctions: c.decisions.junctions,
      branches: c.decisions.branches,
      cells: r2(c.decisions.cells),
      worstStep: c.decisions.worstStep,
      effort: r2(c.decisions.effort),
    },
    cycling: { cells: c.cycling.cells, loops: c.cycling.loops, effort: r2(c.cycling.effort) },
    effort: r2(c.effort),
  };
}

/**
 * `rate --explain`: a table of what each score is made of (per component, the points of the score above 1
 * it accounts for and its share of the effort), then each page's explanation in words.
 */
export function ratingsExplained(r: BookRatings): string[] {
  const names = ['search', 'route', 'decisions', 'cycling'] as const;
  const header = ['#', 'key', 'score', 'effort', ...names];
  const rows = r.pages.map((p) => {
    const parts = explainParts(p.rating);
    return [
      String(p.number),
      cut(p.key, KEY_WIDTH),
      p.score.toFixed(1),
      p.components.effort.toFixed(0),
      ...names.map((n) => {
        const part = parts.find((x) => x.name === n);
        return part ? `+${part.points.toFixed(1)} ${`${Math.round(part.share * 100)}%`.padStart(4)}` : '';
      }),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [
    `Score = 1 + points of each component (points above 1 split by share of the effort, in steps); model ${r.model.name} (${r.model.hash})`,
    line(header),
    ...rows.map(line),
  ];
  for (const p of r.pages) out.push('', `${p.number}. ${p.title} (${p.key})`, ...explainRating(p.rating));
  return out;
}

/** Longest key and algorithm shown in the table; longer ones are cut with an ellipsis. */
const KEY_WIDTH = 16;
const ALGORITHM_WIDTH = 14;

const cut = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The ratings as a table: a header, one row per puzzle (numbers right-aligned, overlap as mean ± 95 %
 * interval), then a summary line with the time taken.
 */
export function ratingsTable(r: BookRatings, seconds: number): string[] {
  const header = [
    '#',
    'key',
    'shape',
    'size',
    'algorithm',
    'sol',
    'dead',
    'junc',
    'loops',
    'clear',
    'overlap (mean ± ci95)',
    'score',
    'label',
    'target',
  ];
  const right = [true, false, false, false, false, true, true, true, true, true, true, true, false, false];
  const meanW = Math.max(...r.pages.map((p) => p.overlapSteps.mean.toFixed(1).length));
  const ciW = Math.max(...r.pages.map((p) => p.overlapSteps.ci95.toFixed(1).length));
  const rows = r.pages.map((p) => [
    String(p.number),
    cut(p.key, KEY_WIDTH),
    p.shape,
    p.size,
    cut(p.algorithm, ALGORITHM_WIDTH),
    String(p.metrics.solutionLength),
    String(p.metrics.deadEnds),
    String(p.metrics.junctions),
    String(p.metrics.loops),
    `${p.clearPassage.toFixed(1)}mm${p.clearPassage < p.minPassage - 0.005 ? '!' : ''}`,
    `${p.overlapSteps.mean.toFixed(1).padStart(meanW)} ± ${p.overlapSteps.ci95.toFixed(1).padStart(ciW)}`,
    p.score.toFixed(1),
    p.label,
    p.target ? (p.target.reached ? `${p.target.name} ✓` : `${p.target.name} ✗ best of ${p.tried}`) : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const n = r.pages.length;
  const mean = n > 0 ? r.pages.reduce((s, p) => s + p.score, 0) / n : 0;
  const from = r.simulator === 'smart' ? '' : `, overlap from the ${r.simulator} simulator`;
  return [
    line(header),
    ...rows.map(line),
    `${n} maze${n === 1 ? '' : 's'}, mean score ${mean.toFixed(1)}${from}, rated in ${seconds.toFixed(2)} s`,
  ];
}
