import { UserError } from '../base/errors.js';
import type { FieldPath } from '../base/parse-yaml.js';
import type { GridSize } from '../grid/registry.js';
import { RULE_SCORE_REACH, ruleKinds, typicalRuleScore } from '../rules/registry.js';
import { RULE_MAX_SIDE, type RuleRecipe, type SymbolName } from '../rules/rule-puzzle.js';
import type { MazeSpec, RuleSpec } from '../spec/schema.js';
import type { DifficultyTarget, RuleCaption } from './book-plan.js';
import type { Locale, Words } from './words.js';

/**
 * Planning a rule maze (docs/spec.md, "Rule mazes"): its rule resolved and checked, the maze fields that do
 * not apply to it refused (on the page) or set aside (from defaults), its size kept within what its generator
 * makes, its cells large enough for their symbols, and the line of instructions under it in the book's
 * language.
 */

/** Cells a side of a rule maze whose page gives neither a size nor a difficulty. */
export const RULE_DEFAULT_SIDE = 9;

/** The shapes of a sequence when the spec names none. */
const DEFAULT_SYMBOLS: readonly SymbolName[] = ['circle', 'square', 'triangle'];

/** Maze fields that make no sense for a rule maze: refused on its page, ignored from defaults. */
const WALL_ONLY = [
  'rings',
  'hex-top',
  'mask',
  'tone',
  'regions',
  'route',
  'algorithm',
  'straightness',
  'weave',
  'newest',
  'weights',
  'fm',
  'mazegram',
  'post',
  'entry',
  'exit',
] as const satisfies readonly (keyof MazeSpec)[];

/**
 * The rule of a page, resolved: its defaults applied and its options checked (`follow` only for numbers,
 * `symbols` only for sequences — at least two, all different — `directions` only for arrows).
 * @param path the spec place of the `rule` field
 */
export function resolveRule(spec: RuleSpec, path: FieldPath, at: (p: FieldPath) => string): RuleRecipe {
  const given = typeof spec === 'string' ? { kind: spec } : spec;
  const kind = given.kind;
  const option = (name: 'follow' | 'symbols' | 'directions', owner: string): void => {
    if (typeof spec !== 'string' && spec[name] !== undefined && kind !== owner) {
      throw new UserError(
        at([...path, name]),
        `${name} applies to ${owner} rules only, not ${kind}`,
        `remove ${name}, or use kind: ${owner}`,
      );
    }
  };
  option('follow', 'numbers');
  option('symbols', 'sequence');
  option('directions', 'arrows');
  const full: Exclude<RuleSpec, string> = typeof spec === 'string' ? { kind } : spec;
  switch (kind) {
    case 'numbers': {
      const f = full.follow ?? 'even';
      return {
        kind,
        follow: typeof f === 'string' ? { kind: f } : { kind: 'multiples-of' as const, n: f['multiples-of'] },
      };
    }
    case 'sequence':
      return { kind, symbols: checkSymbols(full.symbols ?? DEFAULT_SYMBOLS, [...path, 'symbols'], at) };
    case 'arrows':
      return { kind, directions: full.directions ?? 8 };
    default:
      return { kind: 'jumps' };
  }
}

function checkSymbols(
  symbols: readonly SymbolName[],
  path: FieldPath,
  at: (p: FieldPath) => string,
): readonly SymbolName[] {
  if (symbols.length < 2) {
    throw new UserError(
      at(path),
      `a sequence needs at least two different shapes (got ${symbols.length === 1 ? `only ${symbols[0]}` : 'none'}): with one, every step would be the same and the way could not be told from the rest`,
      'add a shape, e.g. symbols: [circle, square, triangle]',
    );
  }
  const seen = new Set<SymbolName>();
  for (const [k, s] of symbols.entries()) {
    if (seen.has(s)) {
      throw new UserError(
        at([...path, k]),
        `${s} is in the sequence twice: each shape must come once, so that a cell's shape tells where in the sequence it is`,
        'use different shapes, e.g. symbols: [circle, square, triangle]',
      );
    }
    seen.add(s);
  }
  return symbols;
}

/**
 * Sets aside the maze fields a rule maze does not use: a field written on the page itself (or the series)
 * is an error; one inherited from the book's or a section's defaults is dropped from `maze`.
 * @param field the spec place of a maze field
 * @param own the page's own maze fields
 */
export function setAsideWallFields(
  maze: MazeSpec,
  own: MazeSpec,
  field: (name: keyof MazeSpec) => FieldPath,
  at: (p: FieldPath) => string,
): void {
  for (const name of WALL_ONLY) {
    if (maze[name] === undefined) continue;
    if (own[name] !== undefined && own.rule !== undefined) {
      throw new UserError(
        at(field(name)),
        `${name} does not apply to a rule maze: its cells are read by its rule, not walled in`,
        `remove ${name}, or remove rule to make a wall maze`,
      );
    }
    delete maze[name];
  }
  if (maze.shape !== undefined && maze.shape !== 'square') {
    if (own.shape !== undefined && own.rule !== undefined) {
      throw new UserError(
        at(field('shape')),
        `rule mazes are square grids, not ${maze.shape}`,
        'remove shape, or remove rule to make a wall maze',
      );
    }
    delete maze.shape;
  }
}

/**
 * The smallest passage (cell side, pt) a rule maze's cells may have: room for a two-digit number or a shape at
 * the book's smallest text, or 8pt where that is smaller (symbols are read across the grid, not one by one,
 * and should be legible at arm's length).
 */
export function ruleCellFloor(textFloor: number): number {
  return SYMBOL_CELLS * Math.max(textFloor, 8);
}

/** A cell is this many times its symbol's size: numbers are set at RULE_SYMBOL_SHARE of a cell. */
export const SYMBOL_CELLS = 2.2;
export const RULE_SYMBOL_SHARE = 1 / SYMBOL_CELLS;

/**
 * Checks a rule maze's size: at least its rule's smallest side and at most RULE_MAX_SIDE each way.
 * @param where the spec place of the size (`cells`, or the page)
 */
export function checkRuleSize(rule: RuleRecipe, size: GridSize, where: string): void {
  const least = ruleKinds[rule.kind].minSide(rule);
  const side = Math.min(size.columns, size.rows);
  if (side < least) {
    throw new UserError(
      where,
      `${RULE_NOUNS[rule.kind]} needs at least ${least}×${least} cells (got ${size.columns}×${size.rows}): smaller, its rule leaves no room for a way and its decoys`,
      `use cells: ${least} or more`,
    );
  }
  const most = Math.max(size.columns, size.rows);
  if (most > RULE_MAX_SIDE) {
    throw new UserError(
      where,
      `a rule maze has at most ${RULE_MAX_SIDE} cells a side (got ${size.columns}×${size.rows}): its symbols would be too small to read, and its proof and generator are bounded to that size`,
      `use cells: ${RULE_MAX_SIDE} or fewer`,
    );
  }
}

/** The automatic size range of a rule maze: within its rule's smallest side and RULE_MAX_SIDE. */
export function ruleAutoSize(
  rule: RuleRecipe,
  auto: { max: GridSize; min?: GridSize },
): { max: GridSize; min: GridSize } {
  const least = ruleKinds[rule.kind].minSide(rule);
  const clamp = (v: number) => Math.max(least, Math.min(RULE_MAX_SIDE, v));
  return {
    max: { columns: clamp(auto.max.columns), rows: clamp(auto.max.rows) },
    min: { columns: clamp(auto.min?.columns ?? least), rows: clamp(auto.min?.rows ?? least) },
  };
}

/** A rule maze named in messages. */
const RULE_NOUNS: Record<RuleRecipe['kind'], string> = {
  numbers: 'a number maze',
  sequence: 'a sequence maze',
  arrows: 'an arrow maze',
  jumps: 'a jump maze',
};

/**
 * Refuses a difficulty a rule maze cannot reach at its size (or at any size it may take, `cells: auto`): a
 * target wholly more than RULE_SCORE_REACH from the rule's typical score at that size, under the default
 * difficulty model (a book's own model may score rule mazes otherwise, and is not second-guessed).
 * @param sizes the size, or the smallest and largest an automatic size may take
 * @param where the spec place of the difficulty (or the series)
 */
export function checkRuleDifficulty(
  rule: RuleRecipe,
  target: DifficultyTarget,
  sizes: { min: GridSize; max: GridSize },
  where: string,
): void {
  const cells = (s: GridSize) => s.columns * s.rows;
  const lo = typicalRuleScore(rule, cells(sizes.min)) - RULE_SCORE_REACH;
  const hi = typicalRuleScore(rule, cells(sizes.max)) + RULE_SCORE_REACH;
  if (target.min <= hi && target.max >= lo) return;
  const fixed = cells(sizes.min) === cells(sizes.max);
  const size = (s: GridSize) => `${s.columns}×${s.rows}`;
  const at = fixed ? `at ${size(sizes.min)}` : `from ${size(sizes.min)} to ${size(sizes.max)} cells`;
  const low = target.max < lo;
  throw new UserError(
    where,
    `difficulty ${target.name} is out of reach of ${RULE_NOUNS[rule.kind]} ${at}: they typically score ${typicalRuleScore(rule, cells(sizes.min)).toFixed(1)}${fixed ? '' : ` to ${typicalRuleScore(rule, cells(sizes.max)).toFixed(1)}`}, and choosing among seeds reaches ${RULE_SCORE_REACH} either side (${lo.toFixed(1)} to ${hi.toFixed(1)})`,
    low
      ? fixed
        ? `aim higher, use fewer cells or cells: auto, or another rule (numbers and sequence mazes are the easiest)`
        : `aim higher, or use another rule (numbers and sequence mazes are the easiest)`
      : fixed
        ? `aim lower, use more cells or cells: auto, or another rule (jump mazes are the hardest)`
        : `aim lower, or use another rule (jump mazes are the hardest)`,
  );
}

/** The line of instructions under a rule maze, in the book's language. */
export function ruleCaption(rule: RuleRecipe, words: Words, where: string): RuleCaption {
  const t = CAPTIONS[words.locale];
  switch (rule.kind) {
    case 'numbers': {
      const f = rule.follow;
      const text =
        f.kind === 'multiples-of'
          ? t.multiples.replace('{n}', String(f.n))
          : t[f.kind === 'count-up' ? 'countUp' : f.kind];
      return { text, where };
    }
    case 'sequence':
      return { text: t.sequence, symbols: rule.symbols, where };
    case 'arrows':
      return { text: t.arrows, where };
    default:
      return { text: t.jumps, where };
  }
}

interface CaptionWords {
  even: string;
  odd: string;
  /** `{n}` stands for the number. */
  multiples: string;
  countUp: string;
  /** Followed by the shapes, drawn. */
  sequence: string;
  arrows: string;
  jumps: string;
}

const CAPTIONS: Record<Locale, CaptionWords> = {
  en: {
    even: 'Follow the even numbers from start to finish.',
    odd: 'Follow the odd numbers from start to finish.',
    multiples: 'Follow the multiples of {n} from start to finish.',
    countUp: 'Count up 1, 2, 3 … from start to finish.',
    sequence: 'Follow the shapes in this order, again and again:',
    arrows: 'Go the way each arrow points, as far as you like, from start to finish.',
    jumps: 'Jump exactly as many squares as the number says, straight across, from start to finish.',
  },
  de: {
    even: 'Folge den geraden Zahlen vom Start zum Ziel.',
    odd: 'Folge den ungeraden Zahlen vom Start zum Ziel.',
    multiples: 'Folge den Vielfachen von {n} vom Start zum Ziel.',
    countUp: 'Zähle 1, 2, 3 … vom Start zum Ziel.',
    sequence: 'Folge den Formen in dieser Reihenfolge, immer wieder:',
    arrows: 'Geh, wohin der Pfeil zeigt, so weit du willst, vom Start zum Ziel.',
    jumps: 'Springe genau so viele Felder, wie die Zahl sagt, geradeaus, vom Start zum Ziel.',
  },
  nl: {
    even: 'Volg de even getallen van start naar finish.',
    odd: 'Volg de oneven getallen van start naar finish.',
    multiples: 'Volg de veelvouden van {n} van start naar finish.',
    countUp: 'Tel 1, 2, 3 … van start naar finish.',
    sequence: 'Volg de vormen in deze volgorde, steeds opnieuw:',
    arrows: 'Ga waar de pijl heen wijst, zo ver als je wilt, van start naar finish.',
    jumps: 'Spring precies zoveel vakjes als het getal zegt, recht vooruit, van start naar finish.',
  },
  es: {
    even: 'Sigue los números pares desde la salida hasta la meta.',
    odd: 'Sigue los números impares desde la salida hasta la meta.',
    multiples: 'Sigue los múltiplos de {n} desde la salida hasta la meta.',
    countUp: 'Cuenta 1, 2, 3 … desde la salida hasta la meta.',
    sequence: 'Sigue las figuras en este orden, una y otra vez:',
    arrows: 'Ve adonde apunta cada flecha, tan lejos como quieras, desde la salida hasta la meta.',
    jumps: 'Salta en línea recta tantas casillas como dice el número, desde la salida hasta la meta.',
  },
  fr: {
    even: 'Suis les nombres pairs du départ à l’arrivée.',
    odd: 'Suis les nombres impairs du départ à l’arrivée.',
    multiples: 'Suis les multiples de {n} du départ à l’arrivée.',
    countUp: 'Compte 1, 2, 3 … du départ à l’arrivée.',
    sequence: 'Suis les formes dans cet ordre, encore et encore :',
    arrows: 'Va où pointe chaque flèche, aussi loin que tu veux, du départ à l’arrivée.',
    jumps: 'Saute tout droit d’autant de cases que le dit le nombre, du départ à l’arrivée.',
  },
  da: {
    even: 'Følg de lige tal fra start til mål.',
    odd: 'Følg de ulige tal fra start til mål.',
    multiples: 'Følg tallene i {n}-tabellen fra start til mål.',
    countUp: 'Tæl 1, 2, 3 … fra start til mål.',
    sequence: 'Følg figurerne i denne rækkefølge, igen og igen:',
    arrows: 'Gå derhen, hvor pilen peger, så langt du vil, fra start til mål.',
    jumps: 'Hop lige ud præcis så mange felter, som tallet siger, fra start til mål.',
  },
  eo: {
    even: 'Sekvu la parajn nombrojn de la komenco ĝis la celo.',
    odd: 'Sekvu la neparajn nombrojn de la komenco ĝis la celo.',
    multiples: 'Sekvu la oblojn de {n} de la komenco ĝis la celo.',
    countUp: 'Kalkulu 1, 2, 3 … de la komenco ĝis la celo.',
    sequence: 'Sekvu la formojn laŭ ĉi tiu ordo, denove kaj denove:',
    arrows: 'Iru kien montras la sago, tiel malproksimen kiel vi volas, de la komenco ĝis la celo.',
    jumps: 'Saltu rekte tiom da kvadratoj, kiom diras la nombro, de la komenco ĝis la celo.',
  },
};

/** Every caption of a locale, for the glyph check of a book that has rule mazes. */
export function captionTexts(locale: Locale): string[] {
  return Object.values(CAPTIONS[locale]);
}
