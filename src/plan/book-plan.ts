import type { DifficultyModel } from '../analyze/difficulty-model.js';
import type { Icon } from '../art/icon.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { AlgorithmName } from '../generate/registry.js';
import type { GridSize } from '../grid/registry.js';
import type { Language } from '../mazegram/languages.js';
import type { Seed128 } from '../random/sfc32.js';
import type { RuleRecipe, SymbolName } from '../rules/rule-puzzle.js';
import type { FontFace } from '../text/fonts.js';
import type { TemplateSource } from '../text/template.js';
import type { MarkerFit } from './marker-rule.js';
import type { Margins, PuzzlePageGeometry } from './page-geometry.js';
import type { PrintPlan } from './print.js';
import type { Ink, Theme } from './theme.js';
import type { Words } from './words.js';

/**
 * The plan of a book: the spec with every default applied, every length in points and every puzzle given its
 * key, seed and recipe. It is plain data — template sources, mask descriptors (with decoded bitmaps), font
 * references — so it can be sent to worker threads, compared in tests and diffed between builds; nothing
 * after planning reads the spec or a user file again.
 */
export interface BookPlan {
  /** The spec file as messages show it. */
  specFile: string;
  /** The spec's folder (absolute), where the files it names are looked up. */
  specDir: string;
  /** `file:line:col` of the fields later stages report about. */
  places: {
    title: string;
    subtitle: string;
    author: string;
    pages: string;
    front: string;
    solutions: string;
  };
  title: string;
  subtitle?: string;
  author?: string;
  seed: number;
  date: Date;
  /** The trim size of a page, in points. */
  paper: { width: number; height: number };
  margins: Margins;
  /** The theme as it prints with `ink` (see `themeForInk`). */
  theme: Theme;
  /** The geometry of one-maze pages, or of the book's activity sheets (`per-page`). */
  geometry: PuzzlePageGeometry;
  /** Puzzle page geometry by mazes per page: the book's and each section's `per-page`. */
  layouts: Record<number, PuzzlePageGeometry>;
  /** The interior's ink: `black` prints only greys (walls and text 100 % black). */
  ink: Ink;
  /** Print "Seed N" on the title and copyright pages. */
  showSeed: boolean;
  /** How sheets with their answers on the back are printed double-sided (`none`: single-sided). */
  duplex: 'long-edge' | 'short-edge' | 'none';
  front: FrontPage[];
  puzzles: PuzzlePlan[];
  solutions: {
    appendix: boolean;
    /** `solutions: inline`: each puzzle page is followed by its answers (the back of the sheet). */
    inline: boolean;
    perPage: number;
    title: string;
    style: 'line' | 'dashed' | 'highlight';
    /** Puzzle pages say where their answer is ("Answer on page N"). */
    pointers: boolean;
  };
  /** Mazes per puzzle page (activity sheets when above 1), and whether pages carry name/date lines. */
  perPage: number;
  nameDate: boolean;
  /** Bleed, facing-page margins, colour space and the print profile's rules. */
  print: PrintPlan;
  /**
   * The book's print floors, in points, checked on the finished pages: `text`, the smallest text (the
   * profile's, or large print's 14pt), the size text is shrunk to at most before it must wrap or is an error;
   * `wall`, the thinnest maze wall (large print's 1.5pt; 0 for none beyond the profile's thinnest line).
   */
  floors: { text: number; wall: number };
  /** Built-in words in the book's language. */
  words: Words;
  /** What to show under each puzzle title. */
  showDifficulty: 'none' | 'stars' | 'label';
  /**
   * The model that scores every maze (`difficulty-model`, else the default one): plain data, so workers rate
   * with it too.
   */
  difficultyModel: DifficultyModel;
  /** The book's passage floor (its `audience` or `min-passage`); sections and pages may have their own. */
  floor: PuzzlePlan['floor'];
  /** Pictures in the top corners of puzzle pages (`decorations`), left and right. */
  decorations?: { left: Icon; right: Icon };
  /** Lines the copyright page prints for bundled art the book uses (its licence asks for the credit). */
  credits: string[];
  /** Real paths of every file planning read (spec, themes, fonts, pictures): no output may replace one. */
  inputs: string[];
}

/** One puzzle, fully decided: its key, seed, recipe and the size it will be drawn at. */
export interface PuzzlePlan {
  /** Stable key: the page's `id`, or one derived from its maze options (see docs/spec.md). */
  key: string;
  /** 1-based puzzle number in book order. */
  number: number;
  /** Spec place of the page, for messages. */
  where: string;
  seed: Seed128;
  /** The page's own `seed`, which replaces the book seed for this puzzle's candidates (re-roll writes it). */
  pageSeed?: number;
  title: TemplateSource;
  recipe: MazeRecipe;
  /** Passage width (a cell's inscribed diameter) on the puzzle page, in points, before masking. */
  cellSize: number;
  /** The difficulty band to aim for, when the spec sets one (or the page is part of a series). */
  difficulty?: DifficultyTarget;
  /** Mazes to generate (from candidate seeds 0, 1, …) to meet the difficulty; 1 without a target. */
  candidates: number;
  /**
   * `cells: auto` / `rings: auto`: the largest size the page allows at the passage floor; the builder
   * searches up to it, and from `min` (the smallest size at which a mask reads as its shape) when set.
   */
  autoSize?: { max: GridSize; min?: GridSize };
  /** Mazes on the puzzle's page (its section's `per-page`, else the book's). */
  perPage: number;
  /**
   * The narrowest clear passage (between walls, after their width) the page should have, in points, and
   * where it comes from: the audience's default or an explicit `min-passage`.
   */
  floor: { clear: number; audience: Audience; from: 'audience' | 'min-passage' };
  /** How the start and finish are marked. */
  markers: MarkerPlan;
  /**
   * What the difficulty search may change, besides the size, when a target is out of reach: algorithms the
   * page allows (only its own when the spec names one or sets an algorithm's option) and whether it may add
   * post-processes (not when the spec lists its own).
   */
  reach: { algorithms: AlgorithmName[]; post: boolean };
  /** Its number within its section, from 1, where that differs from `number` (`{{section-number}}`). */
  sectionNumber?: number;
  /** Things found while planning that the author should know (a shape that does not read), each `what`. */
  notes: string[];
  /**
   * A size the spec gave leaves passages narrower than the floor (also one of `notes`): where the size is
   * given and what the passages measure. A warning in books (an error with `--strict`); `mazebook sheet`
   * refuses it (`BuildOptions.floorErrors`).
   */
  floorMiss?: { where: string; what: string };
  /** The message this maze spells, resolved and checked (letters of the language, glyphs of the font). */
  mazegram?: MazegramPlan;
  /**
   * The section the puzzle belongs to, if the book has sections: its place, heading, and the difficulty its
   * `defaults` name (a series in it aims at its own `from` and `to`, but its stars must still agree with the
   * section's).
   */
  section?: { index: number; heading: string; where: string; difficulty?: DifficultyTarget };
  /** The title template uses the rating ({{difficulty}} or {{level}}). */
  usesRating: boolean;
  /** Part of a series: the spec page it comes from and its place in the series. */
  series?: { page: number; index: number; count: number };
  /**
   * A rule maze (docs/spec.md, "Rule mazes"): the rule its grid of symbols is read by. Its `recipe` is then
   * the square grid it is drawn on (shape and size; the rest unused).
   */
  rule?: RuleRecipe;
  /** A line of instructions printed under the puzzle (a rule maze's rule, in the book's language). */
  caption?: RuleCaption;
}

/** A line of instructions under a puzzle, and the shapes drawn after it (a sequence's, in order). */
export interface RuleCaption {
  text: string;
  symbols?: readonly SymbolName[];
  /** The spec place it comes from, for messages. */
  where: string;
}

export type Audience = 'kids' | 'adults' | 'large-print';

/**
 * Start and finish markers: arrows, or pictures (plain path data, in colour or in one colour as the book
 * prints); with the locale's words or not; sized by the book's marker rule.
 */
export interface MarkerPlan {
  pictures?: { start: Icon; finish: Icon };
  labels: boolean;
  /** The marker rule for the puzzle and what else decides the markers' room. */
  fit: MarkerFit;
}

export interface MazegramPlan {
  message: string;
  language: Language;
  fill: number | 'auto';
  case: 'upper' | 'lower' | 'keep';
  font: FontFace;
  /** Letters the solution must hold. */
  letters: number;
  /** The message as shown (after `case`) and its words. */
  shown: string;
  words: string[];
  /** Draw answer blanks under the maze. */
  blanks: boolean;
}

/** A band on the 1–10 difficulty scale and how the spec named it (a label, a score, or a range). */
export interface DifficultyTarget {
  min: number;
  max: number;
  name: string;
}

/** Front matter pages; their text is rendered while planning, as nothing in it depends on the layout. */
export type FrontPage =
  | { kind: 'title' }
  | { kind: 'contents' }
  | { kind: 'copyright'; text: string; where: string }
  | {
      kind: 'instructions';
      heading: string;
      text: string;
      where: string;
      /** The worked example under the text. */
      example?: ExamplePlan;
      /** While planning: the spec leaves the example on (it is made once the puzzles are planned). */
      wantsExample?: boolean;
    };

/**
 * The worked example of an instructions page: a small maze of the book's first puzzle's kind drawn solved,
 * with its markers; its candidates seeded from the book's seed and the key `#example` (the first whose route
 * winds through at least half the cells, else the longest), so it is the same in every build.
 */
export interface ExamplePlan {
  recipe: MazeRecipe;
  /** Candidate seeds, tried in order. */
  seeds: Seed128[];
  markers: MarkerPlan;
  /** The first puzzle is a mazegram: the example spells a short word of its language, in its font. */
  mazegram?: MazegramPlan;
}

export interface PlanOptions {
  /** Replaces the spec's seed (`--seed`). */
  seed?: number;
  /** Seconds since 1970 for the PDF dates when the spec gives no `date` (the SOURCE_DATE_EPOCH convention). */
  sourceDateEpoch?: number;
  /** Accept theme, font and picture files from any folder. */
  allowAnyPath?: boolean;
}
