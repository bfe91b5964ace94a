/**
 * The words mazebook itself prints (headings, labels, markers), per `locale`. Authors' own text (titles,
 * instructions) is theirs; these are only the built-in ones.
 */
export type Locale = 'en' | 'de' | 'nl' | 'es' | 'fr' | 'da' | 'eo';

export interface Words {
  solutions: string;
  puzzle: string;
  page: string;
  start: string;
  finish: string;
  howToPlay: string;
  contents: string;
  name: string;
  date: string;
  /** "Puzzle 12 · page 14" */
  answerLabel: (puzzle: number, page: number) => string;
}

const TABLE: Record<Locale, Omit<Words, 'answerLabel'>> = {
  en: {
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

export function wordsFor(locale: Locale): Words {
  const w = TABLE[locale];
  return { ...w, answerLabel: (puzzle, page) => `${w.puzzle} ${puzzle} · ${w.page} ${page}` };
}
