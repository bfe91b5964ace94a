import fc from 'fast-check';

/**
 * Arbitrary edits of a valid text: the inputs a user makes by mistyping a working one. Each edit works on
 * code points (so columns stay meaningful) and keeps the text short; `pieces` are fragments worth inserting
 * (operators, names, digits of the format).
 */
export function mutatedText(valid: readonly string[], pieces: readonly string[]): fc.Arbitrary<string> {
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...pieces) }),
    fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), text: fc.constantFrom(...pieces) }),
    fc.record({
      kind: fc.constant('char' as const),
      at: fc.nat(),
      text: fc.string({ minLength: 1, maxLength: 1 }),
    }),
    fc.record({
      kind: fc.constant('duplicate' as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 8 }),
    }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  );
  return fc
    .tuple(fc.constantFrom(...valid), fc.array(edit, { minLength: 1, maxLength: 4 }))
    .map(([text, edits]) => {
      let chars = Array.from(text);
      for (const e of edits) {
        const at = chars.length === 0 ? 0 : e.at % (chars.length + 1);
        switch (e.kind) {
          case 'delete':
            chars.splice(at, e.length);
            break;
          case 'insert':
            chars.splice(at, 0, ...Array.from(e.text));
            break;
          case 'replace':
            chars.splice(at, 1, ...Array.from(e.text));
            break;
          case 'char':
            chars.splice(at, 1, e.text);
            break;
          case 'duplicate':
            chars.splice(at, 0, ...chars.slice(at, at + e.length));
            break;
          case 'truncate':
            chars = chars.slice(0, at);
            break;
        }
      }
      return chars.join('');
    });
}
