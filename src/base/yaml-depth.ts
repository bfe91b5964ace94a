import { Lexer } from 'yaml';
import { UserError } from './errors.js';
import { LIMITS } from './limits.js';

/**
 * Refuses YAML nested deeper than LIMITS.maxYamlDepth before it is parsed. The yaml package composes a
 * document recursively: some hundreds of `[` overflow the stack (reported as "Maximum call stack size
 * exceeded"), and 100,000 of them, a 100 KB file, ran node out of memory. The text is read here by the
 * yaml package's lexer alone, which keeps no stack, and the count stops at the first place over the limit.
 *
 * The depth counted is the number of lists and mappings around a place: each open `[` or `{`, plus each
 * block level — the indentation of a line's first item, or an item after a `- ` or `? ` on the same line
 * (`- - x` is a list in a list). A value on its key's line may count one level more than it is; the limit is
 * far above what a spec needs (about 8).
 * @param file the file as shown in messages
 * @param kind what the file is, for the hint: `spec`, `theme`…
 * @throws UserError at the line and column where the nesting passes the limit
 */
export function checkYamlDepth(text: string, file: string, kind: string): void {
  const max = LIMITS.maxYamlDepth;
  let offset = 0;
  let lineStart = 0;
  let line = 1;
  let flow = 0;
  const indents: number[] = [];
  /** A block item may start here: at a line's first token, or after `- ` or `? `. */
  let itemMayStart = true;
  for (const token of new Lexer().lex(text)) {
    // The lexer's control tokens (document, flow end, scalar) stand for no text.
    if (token === '' || token === '\u0002' || token === '\u0018' || token === '\u001f') continue;
    const start = offset;
    offset += token.length;
    const lastBreak = token.lastIndexOf('\n');
    if (lastBreak >= 0) {
      for (let i = 0; i < token.length; i++) if (token.charCodeAt(i) === 10) line++;
      lineStart = start + lastBreak + 1;
    }
    if (token === '\n' || token === '\r\n') {
      itemMayStart = true;
      continue;
    }
    const first = token[0];
    if (first === ' ' || first === '\t' || first === '#' || first === '\ufeff') continue;
    if (token === '---' || token === '...') {
      indents.length = 0;
      flow = 0;
      continue;
    }
    if (token === '[' || token === '{') {
      flow++;
    } else if (token === ']' || token === '}') {
      flow = Math.max(0, flow - 1);
      continue;
    }
    if (flow === 0 || token === '[' || token === '{') {
      if (itemMayStart && flow <= 1) {
        const col = start - lineStart;
        while (indents.length > 0 && indents[indents.length - 1] > col) indents.pop();
        if (indents.length === 0 || col > indents[indents.length - 1]) indents.push(col);
      }
      itemMayStart = token === '-' || token === '?';
    }
    const depth = flow + indents.length;
    if (depth > max) {
      throw new UserError(
        `${file}:${line}:${start - lineStart + 1}`,
        `nesting too deep: lists and mappings are nested more than ${max} levels deep here`,
        `a ${kind} needs only a few levels; check for a [ or { that is never closed`,
      );
    }
  }
}
