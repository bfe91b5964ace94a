import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { createFileAccess, decodeText, defaultPathPolicy, excerpt } from '../../src/base/files.js';
import { layoutBook } from '../../src/book/build-book.js';
import { tempDir } from '../helpers.js';

const FONT = join(import.meta.dirname, '../../fonts/lato/Lato-Regular.ttf');

async function buildError(dir: string, options = {}): Promise<UserError> {
  try {
    await layoutBook(join(dir, 'book.yaml'), options);
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected the spec to be refused');
}

function thrown(f: () => unknown): UserError {
  try {
    f();
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

const book = (extra: string) => `title: T\n${extra}pages:\n  - maze: { cells: 4 }\n`;

describe('the file door: what a spec may read', () => {
  it('refuses a theme that links outside the spec folder, without quoting the file', async () => {
    const dir = tempDir({ 'book.yaml': book('theme: theme.yaml\n') });
    symlinkSync('/etc/passwd', join(dir, 'theme.yaml'));
    const e = await buildError(dir);
    expect(e.message).toMatch(
      /theme "theme\.yaml" is outside the folders a book may read from \(it is a link/,
    );
    expect(e.message).not.toMatch(/root:/);
  });

  it('with --allow-any-path, reads the link but quotes at most a short escaped excerpt of a non-YAML file', async () => {
    const dir = tempDir({ 'book.yaml': book('theme: theme.yaml\n') });
    symlinkSync('/etc/passwd', join(dir, 'theme.yaml'));
    const e = await buildError(dir, { allowAnyPath: true });
    expect(e.message.length).toBeLessThan(600);
    expect(e.message).not.toMatch(/root:x:0/);
    expect(e.what).toMatch(/is not a mapping of keys to values/);
  });

  it('refuses /proc files and devices by what they are', async () => {
    const dir = tempDir({ 'book.yaml': book('theme: theme.yaml\n') });
    symlinkSync('/proc/self/environ', join(dir, 'theme.yaml'));
    const outside = await buildError(dir);
    expect(outside.message).toMatch(/outside the folders/);
    const anyPath = await buildError(dir, { allowAnyPath: true });
    expect(anyPath.message).not.toMatch(/PATH=|HOME=/);
    const files = createFileAccess({ allowed: [], anyPath: true });
    expect(thrown(() => files.read(files.given('/dev/zero', '/dev/zero', 'lockfile'))).what).toMatch(
      /not a regular file \(it is a device\)/,
    );
  });

  it('refuses pictures and fonts linked from outside', async () => {
    const outside = tempDir({ 'cat.png': Buffer.from('not really') });
    const dir = tempDir({
      'book.yaml': book('').replace('{ cells: 4 }', '{ cells: 8, mask: { image: cat.png } }'),
    });
    symlinkSync(join(outside, 'cat.png'), join(dir, 'cat.png'));
    expect((await buildError(dir)).what).toMatch(/image "cat\.png" is outside the folders/);
    const fonts = tempDir({ 'book.yaml': book('theme: { fonts: { body: f.ttf } }\n') });
    const elsewhere = tempDir({ 'f.ttf': readFileSync(FONT) });
    symlinkSync(join(elsewhere, 'f.ttf'), join(fonts, 'f.ttf'));
    expect((await buildError(fonts)).what).toMatch(/font "f\.ttf" is outside the folders/);
  });

  it('says "outside" for a missing file outside, and "not found" for a missing file inside', async () => {
    const dir = tempDir();
    const files = createFileAccess(defaultPathPolicy(dir));
    expect(thrown(() => files.named(dir, '../../../etc/nothing.yaml', 'b.yaml:1:1', 'theme')).what).toMatch(
      /outside the folders/,
    );
    expect(thrown(() => files.named(dir, 'nothing.yaml', 'b.yaml:1:1', 'theme')).what).toMatch(
      /theme file not found: nothing\.yaml/,
    );
    expect(thrown(() => files.given(join(dir, 'nope.yaml'), 'nope.yaml', 'spec')).hint).toMatch(
      /relative to the current folder/,
    );
  });

  it('refuses a folder, and records what it located and what was asked for', () => {
    const dir = tempDir({ 'a.yaml': 'x: 1\n' });
    mkdirSync(join(dir, 'sub.yaml'));
    const files = createFileAccess(defaultPathPolicy(dir));
    expect(thrown(() => files.read(files.named(dir, 'sub.yaml', 'here', 'theme'))).what).toMatch(
      /it is a folder/,
    );
    files.read(files.named(dir, 'a.yaml', 'here', 'theme'));
    expect(() => files.named(dir, 'later.yaml', 'here', 'theme')).toThrow(UserError);
    expect(files.wanted).toContain(join(dir, 'later.yaml'));
    expect(files.located.map((f) => f.shownAs)).toContain('a.yaml');
  });

  it('refuses files over the size limit of their kind', () => {
    const dir = tempDir({ 'big.yaml': Buffer.alloc(2 * 1024 * 1024 + 1, 0x20) });
    const files = createFileAccess(defaultPathPolicy(dir));
    expect(thrown(() => files.read(files.named(dir, 'big.yaml', 'here', 'theme'))).what).toMatch(
      /the limit is/,
    );
  });
});

describe('text of YAML files', () => {
  it('names UTF-16 and Latin-1 files instead of misreading them', () => {
    const utf16 = Buffer.from('\ufefftitle: T\n', 'utf16le');
    expect(thrown(() => decodeText(utf16, 'b.yaml', '', 'spec')).what).toMatch(/is UTF-16 text/);
    expect(thrown(() => decodeText(Buffer.from('title: T\n', 'utf16le'), 'b.yaml', '', 'spec')).what).toMatch(
      /UTF-16/,
    );
    const latin1 = Buffer.from('title: Gr\xfc\xdfe\n', 'latin1');
    const e = thrown(() => decodeText(latin1, 'b.yaml', '', 'spec'));
    expect(e.what).toMatch(/not UTF-8 text \(it looks like Latin-1/);
    expect(e.hint).toBe('save it as UTF-8');
  });

  it('drops a byte-order mark and normalises to NFC, so a decomposed é is the letter é', () => {
    const text = decodeText(Buffer.from('\ufeffE\u0301t\u00e9', 'utf8'), 'b.yaml', '', 'spec');
    expect(text).toBe('\u00c9t\u00e9');
  });

  it('quotes untrusted text briefly, with control characters escaped', () => {
    expect(excerpt('a\nb\u0007c')).toBe('a\\nb\\u0007c');
    expect(excerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('specs that go through the door', () => {
  it('accept a decomposed é in a title the font has', async () => {
    const dir = tempDir({ 'book.yaml': book('').replace('title: T', 'title: "Caf\u0065\u0301"') });
    const { plan } = await layoutBook(join(dir, 'book.yaml'));
    expect(plan.title).toBe('Caf\u00e9');
  });

  it('report a theme saved as UTF-16 by its encoding', async () => {
    const dir = tempDir({ 'book.yaml': book('theme: t.yaml\n') });
    writeFileSync(join(dir, 't.yaml'), Buffer.from('\ufeffname: T\n', 'utf16le'));
    expect((await buildError(dir)).what).toMatch(/theme t\.yaml is UTF-16 text/);
  });
});
