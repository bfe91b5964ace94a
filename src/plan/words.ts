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
  /** The caption under the solved front maze on a cover's back. */
  coverSolved: string;
  /**
   * What a hidden-picture maze's page asks: colour the route ({start} and {finish} stand for the markers'
   * words), or for a reverse picture find it and colour the wrong turns.
   */
  revealRoute: string;
  revealReverse: string;
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
    coverSolved: 'The cover maze, solved',
    revealRoute: 'Colour the path from {start} to {finish} and a picture appears.',
    revealReverse: 'Find the path from {start} to {finish}, then colour every wrong turn: a picture appears.',
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
    coverSolved: 'Das Titellabyrinth, gelöst',
    revealRoute: 'Male den Weg vom {start} zum {finish} aus, und ein Bild erscheint.',
    revealReverse:
      'Finde den Weg vom {start} zum {finish} und male dann jeden Irrweg aus: ein Bild erscheint.',
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
    coverSolved: 'Het omslagdoolhof, opgelost',
    revealRoute: 'Kleur het pad van {start} tot {finish} en er verschijnt een plaatje.',
    revealReverse:
      'Zoek het pad van {start} tot {finish} en kleur dan elke doodlopende gang: er verschijnt een plaatje.',
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
    coverSolved: 'El laberinto de la portada, resuelto',
    revealRoute: 'Colorea el camino de la {start} a la {finish} y aparecerá un dibujo.',
    revealReverse:
      'Busca el camino de la {start} a la {finish} y colorea cada camino sin salida: aparecerá un dibujo.',
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
    coverSolved: 'Le labyrinthe de la couverture, résolu',
    revealRoute: 'Colorie le chemin du {start} à l’{finish} : un dessin apparaît.',
    revealReverse:
      'Trouve le chemin du {start} à l’{finish}, puis colorie chaque impasse : un dessin apparaît.',
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
    coverSolved: 'Forsidens labyrint, løst',
    revealRoute: 'Farvelæg vejen fra {start} til {finish}, så kommer der et billede frem.',
    revealReverse:
      'Find vejen fra {start} til {finish}, og farvelæg så alle blindgyder: så kommer der et billede frem.',
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
    coverSolved: 'La kovrila labirinto, solvita',
    revealRoute: 'Kolorigu la vojon de {start} ĝis {finish}, kaj aperos bildo.',
    revealReverse: 'Trovu la vojon de {start} ĝis {finish}, poste kolorigu ĉiun senelirejon: aperos bildo.',
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

/**
 * What a hidden-picture maze's page asks the solver to do, with the markers' words (`START`, `FINISH`).
 * @param reverse the picture is in the wrong turns
 */
export function revealInstruction(words: Words, reverse: boolean): string {
  const start = words.start.toUpperCase();
  const finish = words.finish.toUpperCase();
  return (reverse ? words.revealReverse : words.revealRoute)
    .replace('{start}', start)
    .replace('{finish}', finish);
}

/** "Puzzle 12 · page 14" */
export function answerLabel(words: Words, puzzle: number, page: number): string {
  return `${words.puzzle} ${puzzle} · ${words.page} ${page}`;
}
