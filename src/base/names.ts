/**
 * The names a spec may use for things later stages define (tilings, algorithms, mask shapes, languages,
 * difficulty labels…). The spec layer reads them from here, so it never imports a later stage; each registry
 * keeps its own list, and a test checks that the two agree (tests/base/names.test.ts).
 */

export const topologyNames = ['square', 'hex', 'triangle', 'octagon', 'circle'] as const;

export const algorithmNames = [
  'backtracker',
  'kruskal',
  'prim',
  'true-prim',
  'growing-tree',
  'hunt-and-kill',
  'wilson',
  'aldous-broder',
  'binary-tree',
  'sidewinder',
  'amazing',
  'finger',
  'skewed-dfs',
  'eller',
] as const;

export const shapeNames = ['heart', 'circle', 'star', 'diamond', 'hexagon', 'triangle', 'ring'] as const;

/** Mazegram languages. */
export const languageCodes = ['en', 'de', 'fr', 'es', 'nl', 'it', 'da', 'sv', 'eo'] as const;

/** Languages of the built-in words (Solutions, Puzzle, page…). */
export const localeCodes = ['en', 'de', 'nl', 'es', 'fr', 'da', 'eo'] as const;

export const difficultyLabels = ['easy', 'medium', 'hard', 'expert'] as const;

export const profileNames = ['kdp', 'lulu', 'ingram', 'home', 'screen'] as const;

/** Rule mazes' rules and the shapes of sequence mazes (src/rules/rule-puzzle.ts). */
export const ruleNames = ['numbers', 'sequence', 'arrows', 'jumps'] as const;
export const symbolNames = [
  'circle',
  'square',
  'triangle',
  'diamond',
  'star',
  'hexagon',
  'cross',
  'heart',
] as const;

export type TopologyName = (typeof topologyNames)[number];
export type AlgorithmName = (typeof algorithmNames)[number];
export type ShapeName = (typeof shapeNames)[number];
export type LanguageCode = (typeof languageCodes)[number];
export type LocaleCode = (typeof localeCodes)[number];
export type DifficultyLabel = (typeof difficultyLabels)[number];
export type ProfileName = (typeof profileNames)[number];
