import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { LIMITS } from '../../src/base/limits.js';
import { checkTemplate, renderTemplate } from '../../src/text/template.js';
import { FUZZ_TIMEOUT, fuzz } from './budget.js';

const SAMPLE = { number: 12, page: 14, book: 'Book', key: 'k', title: 'T' };

const piece = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom(
    '{{',
    '}}',
    '{{{',
    '}}}',
    '{{#',
    '{{/',
    '{{>',
    '{{!',
    'number',
    'pad',
    'upper',
    'lookup',
    'log',
    'this',
    '../',
    '@root',
    '__proto__',
    'constructor',
    '(',
    ')',
    ' ',
    '"x"',
    '99999',
    '=',
  ),
);

describe('fuzzing templates', () => {
  it(
    'any template is checked into a renderer or refused with a user error; output stays capped',
    () => {
      fuzz(
        'template',
        fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
          const source = parts.join('');
          let t: ReturnType<typeof checkTemplate>;
          try {
            t = checkTemplate(source, 'b.yaml:1:1', SAMPLE);
          } catch (e) {
            if (!(e instanceof UserError)) throw e;
            return;
          }
          const out = renderTemplate(t, SAMPLE);
          expect(out.length).toBeLessThanOrEqual(LIMITS.maxTemplateOutput);
        }),
      );
    },
    FUZZ_TIMEOUT,
  );
});
