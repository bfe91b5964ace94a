import { UserError } from '../base/errors.js';
import type { FieldPath } from '../base/parse-yaml.js';
import type { BookSpec } from '../spec/schema.js';
import { fillTemplate } from '../text/template.js';
import type { FrontPage } from './book-plan.js';
import { checkGlyphs } from './check-glyphs.js';
import type { Problems } from './problems.js';
import type { Theme } from './theme.js';
import type { Words } from './words.js';

/** What front matter templates may use besides the book's own fields. */
export interface FrontContext {
  spec: BookSpec;
  at: (path: FieldPath) => string;
  seed: number;
  date: Date;
  theme: Theme;
  words: Words;
  problems: Problems;
}

/** The front matter pages, their templates filled and their text checked against the theme's fonts. */
export function resolveFront(ctx: FrontContext): FrontPage[] {
  const { spec: s, at, words, theme } = ctx;
  const pages: FrontPage[] = [];
  (s.front ?? ['title-page']).forEach((item, i) => {
    const page = ctx.problems.catch((): FrontPage => {
      if (item === 'title-page') return { kind: 'title' };
      if (item === 'contents') return { kind: 'contents' };
      const where = at(['front', i]);
      if ('copyright' in item) {
        const vars = {
          book: s.title,
          author: s.author ?? '',
          seed: ctx.seed,
          year: ctx.date.getUTCFullYear(),
        };
        const text = fillTemplate(item.copyright, at(['front', i, 'copyright']), vars);
        checkGlyphs(theme, 'body', text, at(['front', i, 'copyright']));
        return { kind: 'copyright', where, text };
      }
      const vars = {
        book: s.title,
        author: s.author ?? '',
        puzzles: s.pages.length,
        start: words.start,
        finish: words.finish,
      };
      const text = fillTemplate(item.instructions, at(['front', i, 'instructions']), vars);
      const heading = item.heading ?? words.howToPlay;
      checkGlyphs(
        theme,
        'heading',
        heading,
        at(['front', i, item.heading !== undefined ? 'heading' : 'instructions']),
      );
      checkGlyphs(theme, 'body', text, at(['front', i, 'instructions']));
      if (!text.trim()) {
        throw new UserError(at(['front', i, 'instructions']), 'the instructions are empty once filled in');
      }
      return { kind: 'instructions', heading, where, text, wantsExample: item.example !== false };
    });
    if (page) pages.push(page);
  });
  return pages;
}
