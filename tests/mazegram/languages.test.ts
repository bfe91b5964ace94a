import { describe, expect, it } from 'vitest';
import {
  isLetterOf,
  type LanguageCode,
  language,
  languageCodes,
  nextLetterWeights,
} from '../../src/mazegram/languages.js';

const expectedSizes: Record<LanguageCode, number> = {
  en: 26,
  de: 30, // + ß ä ö ü
  fr: 38, // + à â ç è é ê ë î ï ô ù œ
  es: 33, // + á é í ñ ó ú ü
  nl: 26,
  it: 31, // + à è ì ò ù
  da: 29, // + å æ ø
  sv: 29, // + ä å ö
  eo: 28, // no Q W X Y, + ĉ ĝ ĥ ĵ ŝ ŭ
};

/** Weight of letter `l` within cumulative weights `cum`. */
function weightOf(cum: Float64Array, letters: readonly string[], l: string): number {
  const i = letters.indexOf(l);
  expect(i).toBeGreaterThanOrEqual(0);
  return cum[i] - (i === 0 ? 0 : cum[i - 1]);
}

describe('language data', () => {
  it('covers the nine languages', () => {
    expect([...languageCodes]).toEqual(['en', 'de', 'fr', 'es', 'nl', 'it', 'da', 'sv', 'eo']);
  });

  it.each(languageCodes)('%s: frequencies are positive and sum to 1', (code) => {
    const lang = language(code);
    expect(lang.code).toBe(code);
    expect(lang.frequency.length).toBe(lang.letters.length);
    let sum = 0;
    for (const f of lang.frequency) {
      expect(f).toBeGreaterThan(0);
      sum += f;
    }
    expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
  });

  it.each(languageCodes)('%s: alphabet size, distinct upper-case single letters', (code) => {
    const lang = language(code);
    expect(lang.letters.length).toBe(expectedSizes[code]);
    expect(new Set(lang.letters).size).toBe(lang.letters.length);
    for (const l of lang.letters) {
      expect([...l]).toHaveLength(1);
      expect(/^\p{L}$/u.test(l)).toBe(true);
      if (l !== 'ß') expect(l).toBe(l.toUpperCase());
    }
  });

  it.each(languageCodes)('%s: common pairs are ~30 pairs of its own letters', (code) => {
    const lang = language(code);
    expect(lang.commonPairs.size).toBeGreaterThanOrEqual(25);
    expect(lang.commonPairs.size).toBeLessThanOrEqual(35);
    for (const pair of lang.commonPairs) {
      const chars = [...pair];
      expect(chars).toHaveLength(2);
      for (const c of chars) expect(lang.letters).toContain(c);
    }
  });

  it('E is the most frequent letter where the table says so, A elsewhere', () => {
    const top = (code: LanguageCode) => {
      const lang = language(code);
      let best = 0;
      for (let i = 1; i < lang.letters.length; i++) if (lang.frequency[i] > lang.frequency[best]) best = i;
      return lang.letters[best];
    };
    for (const code of ['en', 'de', 'fr', 'es', 'nl', 'it', 'da', 'sv'] as const) expect(top(code)).toBe('E');
    // Esperanto: A 12.117 % > I 10.012 % > E 8.995 %.
    expect(top('eo')).toBe('A');
  });

  it('keeps ß as its own German letter and has the Esperanto circumflex letters', () => {
    expect(language('de').letters).toContain('ß');
    expect(language('de').letters).not.toContain('SS');
    for (const l of ['Ĉ', 'Ĝ', 'Ĥ', 'Ĵ', 'Ŝ', 'Ŭ']) expect(language('eo').letters).toContain(l);
    for (const l of ['Q', 'W', 'X', 'Y']) expect(language('eo').letters).not.toContain(l);
    expect(language('fr').letters).toContain('Œ');
    expect(language('da').letters.slice(-3)).toEqual(['Å', 'Æ', 'Ø']);
  });

  it('returns the same object on every call', () => {
    expect(language('fr')).toBe(language('fr'));
  });
});

describe('nextLetterWeights', () => {
  it.each(languageCodes)('%s: cumulative, non-decreasing, positive total, for any context', (code) => {
    const lang = language(code);
    const contexts: [string | undefined, string | undefined][] = [[undefined, undefined]];
    for (const a of lang.letters) {
      contexts.push([a, undefined]);
      for (const b of lang.letters) contexts.push([b, a]);
    }
    for (const [prev, prevPrev] of contexts) {
      const cum = nextLetterWeights(lang, prev, prevPrev);
      expect(cum.length).toBe(lang.letters.length);
      expect(cum[0]).toBeGreaterThan(0);
      for (let i = 1; i < cum.length; i++) expect(cum[i]).toBeGreaterThan(cum[i - 1]);
      expect(Number.isFinite(cum[cum.length - 1])).toBe(true);
    }
  });

  it('is the plain frequency at the start of a run', () => {
    const lang = language('de');
    const cum = nextLetterWeights(lang, undefined);
    lang.letters.forEach((l, i) => {
      expect(weightOf(cum, lang.letters, l)).toBeCloseTo(lang.frequency[i], 12);
    });
  });

  it('boosts H after T in English relative to plain frequency', () => {
    const lang = language('en');
    const start = nextLetterWeights(lang, undefined);
    const afterT = nextLetterWeights(lang, 'T');
    const share = (cum: Float64Array) => weightOf(cum, lang.letters, 'H') / cum[cum.length - 1];
    expect(share(afterT)).toBeGreaterThan(2 * share(start));
    // Lower-case context is accepted too.
    expect(Array.from(nextLetterWeights(lang, 't'))).toEqual(Array.from(afterT));
  });

  it('damps unlisted doubles and triples', () => {
    const en = language('en');
    const share = (cum: Float64Array, l: string) => weightOf(cum, en.letters, l) / cum[cum.length - 1];
    const start = nextLetterWeights(en, undefined);
    expect(share(nextLetterWeights(en, 'K'), 'K')).toBeLessThan(share(start, 'K'));
    const nl = language('nl');
    // EE is a listed Dutch pair, so a second E is boosted, but a third one is strongly damped.
    const nlStart = nextLetterWeights(nl, undefined);
    const nlShare = (cum: Float64Array, l: string) => weightOf(cum, nl.letters, l) / cum[cum.length - 1];
    expect(nlShare(nextLetterWeights(nl, 'E'), 'E')).toBeGreaterThan(nlShare(nlStart, 'E'));
    expect(nlShare(nextLetterWeights(nl, 'E', 'E'), 'E')).toBeLessThan(0.2 * nlShare(nlStart, 'E'));
  });

  it('damps a third consecutive consonant', () => {
    const en = language('en');
    const share = (cum: Float64Array) => weightOf(cum, en.letters, 'R') / cum[cum.length - 1];
    // R after "NT" (two consonants) is less likely than R after "AT".
    expect(share(nextLetterWeights(en, 'T', 'N'))).toBeLessThan(share(nextLetterWeights(en, 'T', 'A')));
  });

  it('treats a non-letter context as no context', () => {
    const lang = language('eo');
    expect(Array.from(nextLetterWeights(lang, 'W'))).toEqual(Array.from(nextLetterWeights(lang, undefined)));
    expect(Array.from(nextLetterWeights(lang, '?'))).toEqual(Array.from(nextLetterWeights(lang, undefined)));
  });
});

describe('isLetterOf', () => {
  it('accepts upper and lower case letters of the language', () => {
    expect(isLetterOf(language('fr'), 'é')).toBe(true);
    expect(isLetterOf(language('fr'), 'É')).toBe(true);
    expect(isLetterOf(language('fr'), 'e\u0301')).toBe(true); // decomposed é
    expect(isLetterOf(language('de'), 'ß')).toBe(true);
    expect(isLetterOf(language('de'), 'Ü')).toBe(true);
    expect(isLetterOf(language('eo'), 'ĉ')).toBe(true);
    expect(isLetterOf(language('eo'), 'Ŭ')).toBe(true);
    expect(isLetterOf(language('da'), 'ø')).toBe(true);
    expect(isLetterOf(language('en'), 'a')).toBe(true);
    expect(isLetterOf(language('en'), 'Z')).toBe(true);
  });

  it('rejects digits, spaces, punctuation and foreign letters', () => {
    for (const code of languageCodes) {
      for (const ch of ['1', ' ', '?', '', 'ab', '-']) expect(isLetterOf(language(code), ch)).toBe(false);
    }
    expect(isLetterOf(language('en'), 'ß')).toBe(false);
    expect(isLetterOf(language('en'), 'é')).toBe(false);
    expect(isLetterOf(language('de'), 'SS')).toBe(false);
    expect(isLetterOf(language('eo'), 'w')).toBe(false);
    // Characters whose case mapping lands on an ASCII letter are not letters of the alphabet themselves.
    expect(isLetterOf(language('en'), 'ı')).toBe(false);
    expect(isLetterOf(language('en'), 'ſ')).toBe(false);
  });
});
