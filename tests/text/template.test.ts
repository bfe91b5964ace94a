import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { checkTemplate, renderTemplate } from '../../src/text/template.js';

const SAMPLE = { number: 7, book: 'B', title: 'T' };

function refused(source: string): UserError {
  try {
    checkTemplate(source, 'b.yaml:3:10', SAMPLE);
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error(`expected "${source}" to be refused`);
}

describe('template sandbox', () => {
  it('renders the documented variables and helpers', () => {
    const t = checkTemplate('{{upper book}} {{pad number 3}} {{lower (upper title)}}', 'x', SAMPLE);
    expect(renderTemplate(t, SAMPLE)).toBe('B 007 t');
  });

  it('refuses prototype paths, this, lookup, log and blocks at the template', () => {
    for (const source of [
      '{{constructor}}',
      '{{__proto__}}',
      '{{lookup this "__proto__"}}',
      '{{this}}',
      '{{../number}}',
      '{{@root}}',
      '{{number.constructor}}',
      '{{log "hello"}}',
      '{{#each book}}x{{/each}}',
      '{{#with book}}x{{/with}}',
      '{{#if (lookup this "x")}}x{{/if}}',
      '{{> partial}}',
      '{{upper book extra=1}}',
    ]) {
      const e = refused(source);
      expect(e.where).toBe('b.yaml:3:10');
      expect(e.what).toMatch(/cannot be used/);
    }
  });

  it('allows {{#if}} and {{#unless}} on a variable', () => {
    const t = checkTemplate(
      '{{#if book}}by {{book}}{{else}}anonymous{{/if}}{{#unless title}}!{{/unless}}',
      'x',
      SAMPLE,
    );
    expect(renderTemplate(t, SAMPLE)).toBe('by B');
    expect(renderTemplate(t, { ...SAMPLE, book: '', title: '' })).toBe('anonymous!');
  });

  it('caps pad widths and the length of the output', () => {
    expect(refused('{{pad number 100000000}}').what).toMatch(
      /pad: the width must be a whole number from 0 to 32/,
    );
    expect(refused('{{pad number number}}').what).toMatch(/the width must be a number/);
    expect(refused('x'.repeat(5000)).what).toMatch(/5000 characters; the limit is 4000/);
    const long = checkTemplate('{{title}}', 'x', SAMPLE);
    expect(() => renderTemplate(long, { title: 'y'.repeat(4001) })).toThrow(/the limit is 4000/);
  });

  it('names an unknown variable and the ones available', () => {
    const e = refused('Maze {{numbr}}');
    expect(e.what).toBe('template "Maze {{numbr}}" cannot be used: unknown variable "numbr"');
    expect(e.hint).toMatch(/\{\{number\}\}, \{\{book\}\}, \{\{title\}\}/);
  });
});

describe('template checks, repeated', () => {
  it('checks a source again where its place has other variables, and refuses a bad one every time', () => {
    const source = '{{title}} {{number}}';
    expect(renderTemplate(checkTemplate(source, 'x', SAMPLE), SAMPLE)).toBe('T 7');
    expect(renderTemplate(checkTemplate(source, 'y', SAMPLE), SAMPLE)).toBe('T 7');
    // The same source where `title` is not a variable: refused, although it passed above.
    expect(() => checkTemplate(source, 'b.yaml:9:1', { number: 1 })).toThrow(
      /b\.yaml:9:1.*unknown variable "title"/s,
    );
    for (let i = 0; i < 2; i++) expect(refused('{{lookup this "x"}}').message).toMatch(/b\.yaml:3:10/);
  });

  it('still renders the sample each time, so a value too long for the output limit is caught', () => {
    checkTemplate('{{title}}', 'x', SAMPLE);
    expect(() => checkTemplate('{{title}}', 'b.yaml:2:2', { ...SAMPLE, title: 'x'.repeat(100_000) })).toThrow(
      /characters; the limit is/,
    );
  });
});
