import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/base/limits.js';

/**
 * Every size limit the docs state for a kind of file is the one the code applies (src/base/limits.ts): a size
 * in MiB or MB within a statement (a sentence, or a row of a table) is about the kind of file named last before
 * it in that statement, at most 150 characters before; it must be that kind's limit, in MiB.
 */

const KINDS: { name: string; words: RegExp; bytes: number }[] = [
  { name: 'font', words: /\bfont/i, bytes: LIMITS.maxFontBytes },
  {
    name: 'spec or theme',
    words: /\btheme|\bspec file|difficulty model|model file/i,
    bytes: LIMITS.maxFileBytes,
  },
  { name: 'lockfile', words: /\block ?file/i, bytes: LIMITS.maxLockBytes },
  { name: 'picture', words: /\bpicture|\bimage/i, bytes: LIMITS.maxImageBytes },
  { name: 'maze JSON', words: /maze JSON/i, bytes: LIMITS.maxJsonBytes },
];

const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

/** Sentences of a Markdown file, and each table row on its own, with the line each starts on. */
function statements(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let para: string[] = [];
  let start = 0;
  const flush = () => {
    for (const s of para.join(' ').split(/(?<=[.;!?])\s+(?=[A-Z0-9`(])/)) out.push({ line: start, text: s });
    para = [];
  };
  text.split('\n').forEach((line, i) => {
    if (line.startsWith('|')) {
      flush();
      out.push({ line: i + 1, text: line });
    } else if (line.trim() === '' || line.startsWith('#') || line.startsWith('```')) {
      flush();
    } else {
      if (para.length === 0) start = i + 1;
      para.push(line);
    }
  });
  flush();
  return out;
}

describe('the docs give the size limits the code applies', () => {
  it('for fonts, specs, themes, models, lockfiles, pictures and maze JSON', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const file of DOCS) {
      for (const s of statements(readFileSync(file, 'utf8'))) {
        for (const m of s.text.matchAll(/(\d+(?:\.\d+)?)\s*(MiB|MB)\b/g)) {
          const before = s.text.slice(Math.max(0, (m.index ?? 0) - 150), m.index);
          const kind = KINDS.map((k) => ({
            k,
            at: Math.max(-1, ...[...before.matchAll(new RegExp(k.words, 'gi'))].map((w) => w.index ?? -1)),
          }))
            .filter((c) => c.at >= 0)
            .sort((a, b) => b.at - a.at)[0]?.k;
          if (!kind) continue;
          checked++;
          const bytes = Number(m[1]) * 1024 * 1024;
          if (m[2] !== 'MiB' || bytes !== kind.bytes) {
            wrong.push(
              `${file}:${s.line}: "${m[0]}" for a ${kind.name} (the limit is ${kind.bytes / 1024 / 1024} MiB)`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // The font limit, at least, is stated, in spec.md's table and in themes.md.
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
