/**
 * The words mazebook itself prints (headings, labels, markers), per `locale`. Authors' own text (titles,
 * instructions) is theirs; these are only the built-in ones.
 */
import type { localeCodes } from '../base/names.js';

export type Locale = (typeof localeCodes)[number];

export interface Words {
  /** The locale these words are in, for names kept in other tables (algorithms', src/generate/display-names.ts). */
  locale: Locale;
  /** The default puzzle title's word: "Maze 7". */
  maze: string;
  solutions: string;
  puzzle: string;
  page: string;
  start: string;
  finish: string;
  howToPlay: string;
  /** The caption of the worked example on an instructions page. */
  example: string;
  contents: string;
  name: string;
  date: string;
  /** "Answer on page 41", "Answers on page 41", "Answers on pages 41–42": the words before the number. */
  answerOnPage: string;
  answersOnPage: string;
  answersOnPages: string;
}

const TABLE: Record<Locale, Omit<Words, 'locale'>> = {
  en: {
    maze: 'Maze',
    solutions: 'Solutions',
    puzzle: 'Puzzle',
    page: 'page',
    start: 'Start',
    finish: 'Finish',
    howToPlay: 'How to play',
    example: 'Example',
    contents: 'Contents',
    name: 'Name',
    date: 'Date',
    answerOnPage: 'Answer on page',
    answersOnPage: 'Answers on page',
    answersOnPages: 'Answers on pages',
  },
  de: {
    maze: 'Labyrinth',
    solutions: 'Lösungen',
    puzzle: 'Rätsel',
    page: 'Seite',
    start: 'Start',
    finish: 'Ziel',
    howToPlay: 'So wird gespielt',
    example: 'Beispiel',
    contents: 'Inhalt',
    name: 'Name',
    date: 'Datum',
    answerOnPage: 'Lösung auf Seite',
    answersOnPage: 'Lösungen auf Seite',
    answersOnPages: 'Lösungen auf den Seiten',
  },
  nl: {
    maze: 'Doolhof',
    solutions: 'Oplossingen',
    puzzle: 'Puzzel',
    page: 'pagina',
    start: 'Start',
    finish: 'Finish',
    howToPlay: 'Zo speel je',
    example: 'Voorbeeld',
    contents: 'Inhoud',
    name: 'Naam',
    date: 'Datum',
    answerOnPage: 'Oplossing op pagina',
    answersOnPage: 'Oplossingen op pagina',
    answersOnPages: "Oplossingen op pagina's",
  },
  es: {
    maze: 'Laberinto',
    solutions: 'Soluciones',
    puzzle: 'Laberinto',
    page: 'página',
    start: 'Salida',
    finish: 'Meta',
    howToPlay: 'Cómo se juega',
    example: 'Ejemplo',
    contents: 'Índice',
    name: 'Nombre',
    date: 'Fecha',
    answerOnPage: 'Solución en la página',
    answersOnPage: 'Soluciones en la página',
    answersOnPages: 'Soluciones en las páginas',
  },
  fr: {
    maze: 'Labyrinthe',
    solutions: 'Solutions',
    puzzle: 'Labyrinthe',
    page: 'page',
    start: 'Départ',
    finish: 'Arrivée',
    howToPlay: 'Comment jouer',
    example: 'Exemple',
    contents: 'Sommaire',
    name: 'Nom',
    date: 'Date',
    answerOnPage: 'Solution page',
    answersOnPage: 'Solutions page',
    answersOnPages: 'Solutions pages',
  },
  da: {
    maze: 'Labyrint',
    solutions: 'Løsninger',
    puzzle: 'Labyrint',
    page: 'side',
    start: 'Start',
    finish: 'Mål',
    howToPlay: 'Sådan spiller du',
    example: 'Eksempel',
    contents: 'Indhold',
    name: 'Navn',
    date: 'Dato',
    answerOnPage: 'Løsning på side',
    answersOnPage: 'Løsninger på side',
    answersOnPages: 'Løsninger på siderne',
  },
  eo: {
    maze: 'Labirinto',
    solutions: 'Solvoj',
    puzzle: 'Labirinto',
    page: 'paĝo',
    start: 'Komenco',
    finish: 'Celo',
    howToPlay: 'Kiel ludi',
    example: 'Ekzemplo',
    contents: 'Enhavo',
    name: 'Nomo',
    date: 'Dato',
    answerOnPage: 'Solvo sur paĝo',
    answersOnPage: 'Solvoj sur paĝo',
    answersOnPages: 'Solvoj sur paĝoj',
  },
};

/** The locales with built-in words. */
export const localeNames = Object.keys(TABLE) as Locale[];

export function wordsFor(locale: Locale): Words {
  return { locale, ...TABLE[locale] };
}

/** "Answer on page 41" for one puzzle, or for a sheet "Answers on page 41" / "Answers on pages 41–42". */
export function answerPointer(words: Words, pages: readonly number[], one: boolean): string {
  const first = Math.min(...pages);
  const last = Math.max(...pages);
  if (one) return `${words.answerOnPage} ${first}`;
  return first === last ? `${words.answersOnPage} ${first}` : `${words.answersOnPages} ${first}–${last}`;
}

/** "Puzzle 12 · page 14" */
export function answerLabel(words: Words, puzzle: number, page: number): string {
  return `${words.puzzle} ${puzzle} · ${words.page} ${page}`;
}
