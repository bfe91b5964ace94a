/**
 * The words mazebook itself prints (headings, labels, markers), per `locale`. Authors' own text (titles,
 * instructions) is theirs; these are only the built-in ones.
 */
import type { localeCodes } from '../spec/names.js';

export type Locale = (typeof localeCodes)[number];

export interface Words {
  /** The default puzzle title's word: "Maze 7". */
  maze: string;
  solutions: string;
  puzzle: string;
  page: string;
  start: string;
  finish: string;
  howToPlay: string;
  contents: string;
  name: string;
  date: string;
}

const TABLE: Record<Locale, Words> = {
  en: {
    maze: 'Maze',
    solutions: 'Solutions',
    puzzle: 'Puzzle',
    page: 'page',
    start: 'Start',
    finish: 'Finish',
    howToPlay: 'How to play',
    contents: 'Contents',
    name: 'Name',
    date: 'Date',
  },
  de: {
    maze: 'Labyrinth',
    solutions: 'Lösungen',
    puzzle: 'Rätsel',
    page: 'Seite',
    start: 'Start',
    finish: 'Ziel',
    howToPlay: 'So wird gespielt',
    contents: 'Inhalt',
    name: 'Name',
    date: 'Datum',
  },
  nl: {
    maze: 'Doolhof',
    solutions: 'Oplossingen',
    puzzle: 'Puzzel',
    page: 'pagina',
    start: 'Start',
    finish: 'Finish',
    howToPlay: 'Zo speel je',
    contents: 'Inhoud',
    name: 'Naam',
    date: 'Datum',
  },
  es: {
    maze: 'Laberinto',
    solutions: 'Soluciones',
    puzzle: 'Laberinto',
    page: 'página',
    start: 'Salida',
    finish: 'Meta',
    howToPlay: 'Cómo se juega',
    contents: 'Índice',
    name: 'Nombre',
    date: 'Fecha',
  },
  fr: {
    maze: 'Labyrinthe',
    solutions: 'Solutions',
    puzzle: 'Labyrinthe',
    page: 'page',
    start: 'Départ',
    finish: 'Arrivée',
    howToPlay: 'Comment jouer',
    contents: 'Sommaire',
    name: 'Nom',
    date: 'Date',
  },
  da: {
    maze: 'Labyrint',
    solutions: 'Løsninger',
    puzzle: 'Labyrint',
    page: 'side',
    start: 'Start',
    finish: 'Mål',
    howToPlay: 'Sådan spiller du',
    contents: 'Indhold',
    name: 'Navn',
    date: 'Dato',
  },
  eo: {
    maze: 'Labirinto',
    solutions: 'Solvoj',
    puzzle: 'Labirinto',
    page: 'paĝo',
    start: 'Komenco',
    finish: 'Celo',
    howToPlay: 'Kiel ludi',
    contents: 'Enhavo',
    name: 'Nomo',
    date: 'Dato',
  },
};

/** The locales with built-in words. */
export const localeNames = Object.keys(TABLE) as Locale[];

export function wordsFor(locale: Locale): Words {
  return { ...TABLE[locale] };
}

/** "Puzzle 12 · page 14" */
export function answerLabel(words: Words, puzzle: number, page: number): string {
  return `${words.puzzle} ${puzzle} · ${words.page} ${page}`;
}
