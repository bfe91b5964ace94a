/**
 * Letter statistics for mazegram decoy letters: the cells off the solution path get letters drawn so that the
 * grid "looks like" the message's language, and the message cannot be spotted by its alphabet alone.
 *
 * Unigram data — facts copied from the table "Relative frequencies of letters in other languages" of the
 * English Wikipedia article "Letter frequency" (revision as of ~2020), which compiles letter counts published
 * for each language's text corpora and cites a source per column. The English column is Robert Lewand,
 * "Cryptological Mathematics" (MAA, 2000), p. 36. Numbers were taken from two independent plain-text copies
 * of that table (github.com/akleemans/letter-frequency `letter_frequency.csv` and
 * github.com/agricolamz/2019_data_analysis_for_linguists `data/letter_frequency.csv`), which agree digit
 * for digit. The table gives percentages with three decimals; each column sums to 100 % only up to rounding,
 * so {@link language} renormalises them to sum to exactly 1. A letter is part of a language's alphabet here
 * iff the table gives it a non-zero share in that language (so Esperanto has no Q W X Y, and the accented
 * letters are exactly those the table lists for the language). Accented letters follow the plain ones in
 * the table's order.
 *
 * Bigram model — the source has no bigram table, so this is a deliberately light model, not corpus data:
 * each language lists ~30 letter pairs that commonly published bigram lists for that language rank near
 * the top (English TH HE IN ER AN…, German EN ER CH DE EI…, and so on), chosen from general linguistic
 * knowledge and kept short so that every pair on them is uncontroversial. Sampling then uses
 *
 *   P(next | prev, prevPrev) ∝ freq(next)
 *                              × PAIR_BOOST   if prev+next is a listed common pair
 *                              × DOUBLE_DAMP  if next === prev and that double is not listed
 *                              × TRIPLE_DAMP  if next === prev === prevPrev
 *                              × RUN_DAMP     if prevPrev, prev and next are all vowels or all consonants
 *
 * The last factor is a cheap plausibility aid (natural text alternates vowels and consonants far more often
 * than letters drawn independently do). With no `prev` (start of a run) the weights are the plain unigram
 * frequencies.
 */

export type LanguageCode = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it' | 'da' | 'sv' | 'eo';

export const languageCodes: readonly LanguageCode[] = Object.freeze([
  'en',
  'de',
  'fr',
  'es',
  'nl',
  'it',
  'da',
  'sv',
  'eo',
] as const);

export interface Language {
  code: LanguageCode;
  name: string;
  /** Upper-case letters of the alphabet (with the accented letters the table lists), in table order. */
  letters: readonly string[];
  /** Relative frequency of each letter (same order), summing to 1. */
  frequency: Float64Array;
  /** Common letter pairs (upper case, two letters each). */
  commonPairs: ReadonlySet<string>;
}

/** Weight multiplier for a listed common pair. */
const PAIR_BOOST = 4;
/** Weight multiplier for an unlisted double letter (prev === next). */
const DOUBLE_DAMP = 0.3;
/** Weight multiplier for a triple letter (prevPrev === prev === next), listed or not. */
const TRIPLE_DAMP = 0.02;
/** Weight multiplier for a third consecutive vowel or a third consecutive consonant. */
const RUN_DAMP = 0.5;

/** Vowel letters (upper case) across all supported languages; everything else counts as a consonant. */
const VOWELS = new Set('AEIOUYÀÁÂÄÅÆÈÉÊËÌÍÎÏÒÓÔÖØÙÚÛÜŒ');

interface LanguageData {
  name: string;
  /** `letter percent` pairs, lower case as in the source table, whitespace separated. */
  table: string;
  /** Common pairs, upper case, whitespace separated. */
  pairs: string;
}

const DATA: Record<LanguageCode, LanguageData> = {
  en: {
    name: 'English',
    table: `a 8.167 b 1.492 c 2.782 d 4.253 e 12.702 f 2.228 g 2.015 h 6.094 i 6.966 j 0.153 k 0.772
      l 4.025 m 2.406 n 6.749 o 7.507 p 1.929 q 0.095 r 5.987 s 6.327 t 9.056 u 2.758 v 0.978 w 2.360
      x 0.150 y 1.974 z 0.074`,
    pairs: `TH HE IN ER AN RE ON AT EN ND TI ES OR TE OF ED IS IT AL AR ST TO NT NG SE HA AS OU IO LE`,
  },
  de: {
    name: 'German',
    table: `a 6.516 b 1.886 c 2.732 d 5.076 e 16.396 f 1.656 g 3.009 h 4.577 i 6.550 j 0.268 k 1.417
      l 3.437 m 2.534 n 9.776 o 2.594 p 0.670 q 0.018 r 7.003 s 7.270 t 6.154 u 4.166 v 0.846 w 1.921
      x 0.034 y 0.039 z 1.134 ß 0.307 ä 0.578 ö 0.443 ü 0.995`,
    pairs: `EN ER CH DE EI ND TE IN IE GE ES NE UN ST RE HE AN BE SE NG DI IC SC AU DA LE IS IT NS ZU`,
  },
  fr: {
    name: 'French',
    table: `a 7.636 b 0.901 c 3.260 d 3.669 e 14.715 f 1.066 g 0.866 h 0.737 i 7.529 j 0.613 k 0.049
      l 5.456 m 2.968 n 7.095 o 5.796 p 2.521 q 1.362 r 6.693 s 7.948 t 7.244 u 6.311 v 1.838 w 0.074
      x 0.427 y 0.128 z 0.326 à 0.486 â 0.051 ç 0.085 è 0.271 é 1.504 ê 0.218 ë 0.008 î 0.045 ï 0.005
      ô 0.023 ù 0.058 œ 0.018`,
    pairs: `ES LE DE EN RE NT ON ER TE EL AN SE ET LA AI IT ME OU EM IE QU UE NE US IS RA IN CO CE OI`,
  },
  es: {
    name: 'Spanish',
    table: `a 11.525 b 2.215 c 4.019 d 5.010 e 12.181 f 0.692 g 1.768 h 0.703 i 6.247 j 0.493 k 0.011
      l 4.967 m 3.157 n 6.712 o 8.683 p 2.510 q 0.877 r 6.871 s 7.977 t 4.632 u 2.927 v 1.138 w 0.017
      x 0.215 y 1.008 z 0.467 á 0.502 é 0.433 í 0.725 ñ 0.311 ó 0.827 ú 0.168 ü 0.012`,
    pairs: `DE ES EN EL LA OS UE AR RA RE ER AS ON ST AD AL OR TA CO TE SE NT AN QU CI IO NA DO LO IE`,
  },
  nl: {
    name: 'Dutch',
    table: `a 7.486 b 1.584 c 1.242 d 5.933 e 17.324 f 0.805 g 3.403 h 2.380 i 6.499 j 1.461 k 2.248
      l 3.568 m 2.213 n 10.032 o 6.063 p 1.370 q 0.009 r 6.411 s 5.733 t 6.923 u 2.192 v 1.854 w 1.821
      x 0.036 y 0.035 z 1.374`,
    pairs: `EN DE ER AN TE ET GE IN EE ND AA ON EL OO IE IJ CH HE VE ST RE OR LE AT NG NT AR VA IS SC`,
  },
  it: {
    name: 'Italian',
    table: `a 11.745 b 0.927 c 4.501 d 3.736 e 11.792 f 1.153 g 1.644 h 0.636 i 10.143 j 0.011 k 0.009
      l 6.510 m 2.512 n 6.883 o 9.832 p 3.056 q 0.505 r 6.367 s 4.981 t 5.623 u 3.011 v 2.097 w 0.033
      x 0.003 y 0.020 z 1.181 à 0.635 è 0.263 ì 0.030 ò 0.002 ù 0.166`,
    pairs: `ER ES ON RE EL DE DI TI SO AN LA NE EN TO NT IN TA CO AL AT CH HE LL ZI IO RA OR NO LE IA`,
  },
  da: {
    name: 'Danish',
    table: `a 6.025 b 2.000 c 0.565 d 5.858 e 15.453 f 2.406 g 4.077 h 1.621 i 6.000 j 0.730 k 3.395
      l 5.229 m 3.237 n 7.240 o 4.636 p 1.756 q 0.007 r 8.956 s 5.805 t 6.862 u 1.979 v 2.332 w 0.069
      x 0.028 y 0.698 z 0.034 å 1.190 æ 0.872 ø 0.939`,
    pairs: `ER EN DE ET TE RE NE IN GE AN ST SE EL KE ME ND LE OR IG ED NG RI IL AR VE LI AT NT ÆR ØR`,
  },
  sv: {
    name: 'Swedish',
    table: `a 9.383 b 1.535 c 1.486 d 4.702 e 10.149 f 2.027 g 2.862 h 2.090 i 5.817 j 0.614 k 3.140
      l 5.275 m 3.471 n 8.542 o 4.482 p 1.839 q 0.020 r 8.431 s 6.590 t 7.691 u 1.919 v 2.415 w 0.142
      x 0.159 y 0.708 z 0.070 ä 1.797 å 1.338 ö 1.305`,
    pairs: `EN ER AR DE ET AN ST TE TT RA NG IN CH OC ND OR LL TA SK RI ME KA GE LA OM RE VE ÄR ÖR FÖ`,
  },
  eo: {
    name: 'Esperanto',
    table: `a 12.117 b 0.980 c 0.776 d 3.044 e 8.995 f 1.037 g 1.171 h 0.384 i 10.012 j 3.501 k 4.163
      l 6.104 m 2.994 n 7.955 o 8.779 p 2.755 r 5.914 s 6.092 t 5.276 u 3.183 v 1.904 z 0.494
      ĉ 0.657 ĝ 0.691 ĥ 0.022 ĵ 0.055 ŝ 0.385 ŭ 0.520`,
    pairs: `LA AJ OJ AS IS ES EN ON TA AN NE RI DE AL KA KO RO TR ST KI TI NI TO LI MI IO AŬ EŬ ĈI ĜI`,
  },
};

/** Upper-case form of one letter, keeping ß as ß (String#toUpperCase would give 'SS'). Locale-independent. */
function upperLetter(ch: string): string {
  return ch === 'ß' ? 'ß' : ch.toUpperCase();
}

/** Lookup tables derived from a {@link Language}, computed once per object. */
interface Derived {
  /** Every accepted message character: each letter in upper and lower case. */
  accepted: ReadonlySet<string>;
  /** Index of each upper-case letter in `letters`. */
  index: ReadonlyMap<string, number>;
  /** 1 for a vowel, 0 for a consonant, per letter. */
  vowel: Uint8Array;
  /** Base weights balanced against the context factors (see balancedWeights). */
  base: Float64Array;
}

const cache = new Map<LanguageCode, Language>();
const derivedCache = new WeakMap<Language, Derived>();

function build(code: LanguageCode): Language {
  const data = DATA[code];
  if (data === undefined) throw new Error(`Unknown language code: ${String(code)}`);
  const tokens = data.table.trim().split(/\s+/);
  const letters: string[] = [];
  const raw: number[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const letter = upperLetter(tokens[i].normalize('NFC'));
    const percent = Number(tokens[i + 1]);
    if (!(percent > 0)) throw new Error(`Bad frequency for ${letter} in ${code}`);
    if (letters.includes(letter)) throw new Error(`Duplicate letter ${letter} in ${code}`);
    letters.push(letter);
    raw.push(percent);
  }
  const total = raw.reduce((a, b) => a + b, 0);
  const commonPairs = new Set<string>();
  for (const pair of data.pairs.trim().split(/\s+/)) {
    const chars = [...pair.normalize('NFC')];
    if (chars.length !== 2 || !letters.includes(chars[0]) || !letters.includes(chars[1])) {
      throw new Error(`Bad common pair ${pair} in ${code}`);
    }
    commonPairs.add(chars.join(''));
  }
  return {
    code,
    name: data.name,
    letters: Object.freeze(letters),
    frequency: new Float64Array(raw.map((p) => p / total)),
    commonPairs,
  };
}

function derived(lang: Language): Derived {
  let d = derivedCache.get(lang);
  if (d === undefined) {
    const accepted = new Set<string>();
    for (const l of lang.letters) {
      accepted.add(l);
      accepted.add(l.toLowerCase());
    }
    const vowel = new Uint8Array(lang.letters.map((l) => (VOWELS.has(l) ? 1 : 0)));
    d = {
      accepted,
      index: new Map(lang.letters.map((l, i) => [l, i] as const)),
      vowel,
      base: balancedWeights(lang, vowel),
    };
    derivedCache.set(lang, d);
  }
  return d;
}

/** The context factors of the model for next letter c after b after a (a = -1: no letter before b). */
function contextFactor(lang: Language, vowel: Uint8Array, a: number, b: number, c: number): number {
  const listed = lang.commonPairs.has(lang.letters[b] + lang.letters[c]);
  let f = listed ? PAIR_BOOST : 1;
  if (c === b) {
    if (!listed) f *= DOUBLE_DAMP;
    if (a === b) f *= TRIPLE_DAMP;
  }
  if (a >= 0 && vowel[a] === vowel[b] && vowel[c] === vowel[b]) f *= RUN_DAMP;
  return f;
}

/**
 * Base weights that keep the letter frequencies right despite the context factors: the pair boosts and
 * dampings alone would shift the share of each letter in long runs (a chi-square test against the table
 * would notice). The weights are fitted so that the stationary letter distribution of the second-order
 * chain (state = the last two letters) equals the table: alternately find that distribution by power
 * iteration and scale each weight by table / found. Computed once per language.
 */
function balancedWeights(lang: Language, vowel: Uint8Array): Float64Array {
  const n = lang.letters.length;
  const f = lang.frequency;
  const w = Float64Array.from(f);
  const factor = new Float64Array(n * n * n);
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++)
      for (let c = 0; c < n; c++) factor[(a * n + b) * n + c] = contextFactor(lang, vowel, a, b, c);
  let pi = new Float64Array(n * n);
  for (let outer = 0; outer < 12; outer++) {
    // Transition rows for the current weights.
    const rowSum = new Float64Array(n * n);
    for (let s = 0; s < n * n; s++) {
      let sum = 0;
      for (let c = 0; c < n; c++) sum += w[c] * factor[s * n + c];
      rowSum[s] = sum;
    }
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) pi[a * n + b] = f[a] * f[b];
    for (let it = 0; it < 40; it++) {
      const next = new Float64Array(n * n);
      for (let s = 0; s < n * n; s++) {
        const mass = pi[s] / rowSum[s];
        if (mass === 0) continue;
        const b = s % n;
        for (let c = 0; c < n; c++) next[b * n + c] += mass * w[c] * factor[s * n + c];
      }
      pi = next;
    }
    let total = 0;
    for (let c = 0; c < n; c++) {
      let marginal = 0;
      for (let b = 0; b < n; b++) marginal += pi[b * n + c];
      w[c] *= f[c] / Math.max(marginal, 1e-12);
      total += w[c];
    }
    for (let c = 0; c < n; c++) w[c] /= total;
  }
  return w;
}

/** The statistics of one language. The object is shared between callers: treat it as read-only. */
export function language(code: LanguageCode): Language {
  let lang = cache.get(code);
  if (lang === undefined) {
    lang = build(code);
    cache.set(code, lang);
  }
  return lang;
}

/**
 * Cumulative weights for the next letter after `prev` (undefined: start of a run), for sampling: entry i is
 * the summed weight of `lang.letters[0..i]`, so the array is non-decreasing and its last entry is the (positive,
 * not necessarily 1) total. Draw u in [0, total) and take the first index whose entry exceeds u.
 * `prev` and `prevPrev` may be given in either case; a character that is not a letter of the language is
 * treated as no context.
 */
export function nextLetterWeights(lang: Language, prev: string | undefined, prevPrev?: string): Float64Array {
  const { index, vowel } = derived(lang);
  const n = lang.letters.length;
  const p = prev === undefined ? undefined : index.get(upperLetter(prev.normalize('NFC')));
  const pp =
    p === undefined || prevPrev === undefined ? undefined : index.get(upperLetter(prevPrev.normalize('NFC')));
  const prevLetter = p === undefined ? undefined : lang.letters[p];
  const runClass = pp !== undefined && p !== undefined && vowel[pp] === vowel[p] ? vowel[p] : -1;
  const out = new Float64Array(n);
  let sum = 0;
  const base = derived(lang).base;
  for (let i = 0; i < n; i++) {
    let w = prevLetter === undefined ? lang.frequency[i] : base[i];
    if (prevLetter !== undefined) {
      const listed = lang.commonPairs.has(prevLetter + lang.letters[i]);
      if (listed) w *= PAIR_BOOST;
      if (i === p) {
        if (!listed) w *= DOUBLE_DAMP;
        if (i === pp) w *= TRIPLE_DAMP;
      }
      if (vowel[i] === runClass) w *= RUN_DAMP;
    }
    sum += w;
    out[i] = sum;
  }
  return out;
}

/**
 * Letters a message may use in this language: the alphabet plus upper- and lower-case forms (ß stays ß).
 * `ch` is compared after NFC normalisation, so a decomposed 'e' + U+0301 counts as 'é' (callers should
 * NFC-normalise the message too). Characters that merely case-map onto a letter (ı, ſ) are rejected.
 */
export function isLetterOf(lang: Language, ch: string): boolean {
  return derived(lang).accepted.has(ch.normalize('NFC'));
}
