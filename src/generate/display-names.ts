import type { AlgorithmName, LocaleCode } from '../base/names.js';
import type { PostName } from './post/registry.js';

/**
 * The names a reader sees for the registry's algorithms and post-processes (a page titled
 * `{{algorithm}}`), per locale of the built-in words. Keys are what specs write (`growing-tree`); names are
 * what a book prints ("Growing tree"). Names of people stay as they are; the rest is translated. A test
 * checks that every registry key has a name in every locale.
 */

type Names<K extends string> = Record<LocaleCode, Record<K, string>>;

export const algorithmDisplayNames: Names<AlgorithmName> = {
  en: {
    backtracker: 'Recursive backtracker',
    kruskal: 'Kruskal’s algorithm',
    prim: 'Prim’s algorithm',
    'true-prim': 'True Prim',
    'growing-tree': 'Growing tree',
    'hunt-and-kill': 'Hunt and kill',
    wilson: 'Wilson’s algorithm',
    'aldous-broder': 'Aldous–Broder',
    'binary-tree': 'Binary tree',
    sidewinder: 'Sidewinder',
    amazing: 'The classic “Amazing”',
    finger: 'Finger Maze',
    'skewed-dfs': 'Weighted depth-first',
    eller: 'Eller’s algorithm',
  },
  de: {
    backtracker: 'Rekursives Backtracking',
    kruskal: 'Kruskal-Algorithmus',
    prim: 'Prim-Algorithmus',
    'true-prim': 'Echter Prim',
    'growing-tree': 'Wachsender Baum',
    'hunt-and-kill': 'Jagen und Töten',
    wilson: 'Wilson-Algorithmus',
    'aldous-broder': 'Aldous–Broder',
    'binary-tree': 'Binärbaum',
    sidewinder: 'Sidewinder',
    amazing: 'Das klassische „Amazing“',
    finger: 'Finger Maze',
    'skewed-dfs': 'Gewichtete Tiefensuche',
    eller: 'Eller-Algorithmus',
  },
  nl: {
    backtracker: 'Recursief terugzoeken',
    kruskal: 'Algoritme van Kruskal',
    prim: 'Algoritme van Prim',
    'true-prim': 'Echte Prim',
    'growing-tree': 'Groeiende boom',
    'hunt-and-kill': 'Jagen en doden',
    wilson: 'Algoritme van Wilson',
    'aldous-broder': 'Aldous–Broder',
    'binary-tree': 'Binaire boom',
    sidewinder: 'Sidewinder',
    amazing: 'De klassieke “Amazing”',
    finger: 'Finger Maze',
    'skewed-dfs': 'Gewogen diepte-eerst',
    eller: 'Algoritme van Eller',
  },
  es: {
    backtracker: 'Retroceso recursivo',
    kruskal: 'Algoritmo de Kruskal',
    prim: 'Algoritmo de Prim',
    'true-prim': 'Prim verdadero',
    'growing-tree': 'Árbol creciente',
    'hunt-and-kill': 'Cazar y matar',
    wilson: 'Algoritmo de Wilson',
    'aldous-broder': 'Aldous–Broder',
    'binary-tree': 'Árbol binario',
    sidewinder: 'Sidewinder',
    amazing: 'El clásico «Amazing»',
    finger: 'Finger Maze',
    'skewed-dfs': 'Profundidad ponderada',
    eller: 'Algoritmo de Eller',
  },
  fr: {
    backtracker: 'Retour sur trace',
    kruskal: 'Algorithme de Kruskal',
    prim: 'Algorithme de Prim',
    'true-prim': 'Prim véritable',
    'growing-tree': 'Arbre croissant',
    'hunt-and-kill': 'Chasse et capture',
    wilson: 'Algorithme de Wilson',
    'aldous-broder': 'Aldous–Broder',
    'binary-tree': 'Arbre binaire',
    sidewinder: 'Sidewinder',
    amazing: 'Le classique « Amazing »',
    finger: 'Finger Maze',
    'skewed-dfs': 'Profondeur pondérée',
    eller: 'Algorithme d’Eller',
  },
  da: {
    backtracker: 'Rekursiv tilbagesporing',
    kruskal: 'Kruskals algoritme',
    prim: 'Prims algoritme',
    'true-prim': 'Ægte Prim',
    'growing-tree': 'Voksende træ',
    'hunt-and-kill': 'Jag og fang',
    wilson: 'Wilsons algoritme',
    'aldous-broder': 'Aldous–Broder',
    'binary-tree': 'Binært træ',
    sidewinder: 'Sidewinder',
    amazing: 'Den klassiske “Amazing”',
    finger: 'Finger Maze',
    'skewed-dfs': 'Vægtet dybde-først',
    eller: 'Ellers algoritme',
  },
  eo: {
    backtracker: 'Rikura retroiro',
    kruskal: 'Algoritmo de Kruskal',
    prim: 'Algoritmo de Prim',
    'true-prim': 'Vera Prim',
    'growing-tree': 'Kreskanta arbo',
    'hunt-and-kill': 'Ĉasi kaj kapti',
    wilson: 'Algoritmo de Wilson',
    'aldous-broder': 'Aldous–Broder',
    'binary-tree': 'Duuma arbo',
    sidewinder: 'Sidewinder',
    amazing: 'La klasika “Amazing”',
    finger: 'Finger Maze',
    'skewed-dfs': 'Pezita profundo-unue',
    eller: 'Algoritmo de Eller',
  },
};

export const postProcessDisplayNames: Names<PostName> = {
  en: {
    'reduce-path': 'shorter route',
    'reverse-wasted-turns': 'tempting wrong turns',
    'cross-cuts': 'side loops',
    loops: 'loops',
    braid: 'braided',
  },
  de: {
    'reduce-path': 'kürzerer Weg',
    'reverse-wasted-turns': 'verlockende Abzweige',
    'cross-cuts': 'Querverbindungen',
    loops: 'Schleifen',
    braid: 'geflochten',
  },
  nl: {
    'reduce-path': 'kortere route',
    'reverse-wasted-turns': 'verleidelijke afslagen',
    'cross-cuts': 'dwarsverbindingen',
    loops: 'lussen',
    braid: 'gevlochten',
  },
  es: {
    'reduce-path': 'camino más corto',
    'reverse-wasted-turns': 'desvíos tentadores',
    'cross-cuts': 'atajos cruzados',
    loops: 'bucles',
    braid: 'trenzado',
  },
  fr: {
    'reduce-path': 'chemin raccourci',
    'reverse-wasted-turns': 'fausses pistes tentantes',
    'cross-cuts': 'passages transversaux',
    loops: 'boucles',
    braid: 'tressé',
  },
  da: {
    'reduce-path': 'kortere vej',
    'reverse-wasted-turns': 'fristende afveje',
    'cross-cuts': 'tværforbindelser',
    loops: 'løkker',
    braid: 'flettet',
  },
  eo: {
    'reduce-path': 'pli mallonga vojo',
    'reverse-wasted-turns': 'logaj flankvojoj',
    'cross-cuts': 'transiroj',
    loops: 'bukloj',
    braid: 'plektita',
  },
};

/**
 * A reader's name for an algorithm in a locale; a key the table does not know (an algorithm added to the
 * registry without a name) is shown with its first letter capitalised and its dashes as spaces.
 */
export function algorithmDisplayName(key: string, locale: LocaleCode): string {
  return (algorithmDisplayNames[locale] as Record<string, string>)[key] ?? humanise(key);
}

/** A reader's name for a post-process in a locale (the same fallback as {@link algorithmDisplayName}). */
export function postProcessDisplayName(key: string, locale: LocaleCode): string {
  return (postProcessDisplayNames[locale] as Record<string, string>)[key] ?? humanise(key).toLowerCase();
}

function humanise(key: string): string {
  const words = key.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
