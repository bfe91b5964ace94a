import { parseAllDocuments, type YAMLError } from 'yaml';
import { UserError } from './errors.js';
import { LIMITS } from './limits.js';

/** What a YAML mistake means in a reader's words (never quoting the file), and what to do. */
const IN_WORDS: Partial<Record<string, { what: string; hint?: string }>> = {
  DUPLICATE_KEY: {
    what: 'the same key appears twice in one mapping',
    hint: 'each key may appear once per mapping',
  },
  TAB_AS_INDENT: { what: 'a tab is used to indent', hint: 'indent with spaces, not tabs' },
  BAD_INDENT: {
    what: 'the indentation does not line up',
    hint: 'indent the items of one list or mapping by the same number of spaces, and nested items further',
  },
  MISSING_CHAR: {
    what: 'something is missing here: a space after a colon, a comma, or a closing bracket or quote',
    hint: 'write "key: value" with a space after the colon, and close every [, { and "',
  },
  MULTILINE_IMPLICIT_KEY: {
    what: 'a key runs over more than one line',
    hint: 'put a key and its colon on one line; quote text that contains ": "',
  },
  BLOCK_AS_IMPLICIT_KEY: {
    what: 'an indented block stands where a key should be',
    hint: 'check the indentation of the lines above',
  },
  BLOCK_IN_FLOW: {
    what: 'an indented block is inside [ ] or { }',
    hint: 'inside brackets, write nested items in brackets too, or leave the brackets out',
  },
  BAD_ALIAS: {
    what: 'an alias (*name) names no anchor (&name) written before it',
    hint: 'write the anchor before its first use',
  },
  ALIAS_PROPS: { what: 'an alias (*name) cannot have an anchor or a tag' },
  MULTIPLE_ANCHORS: { what: 'a value has two anchors (&name)', hint: 'give each value one anchor' },
  MULTIPLE_TAGS: { what: 'a value has two tags (!name)' },
  BAD_PROP_ORDER: { what: 'an anchor (&name) or tag (!name) is out of place' },
  TAG_RESOLVE_FAILED: {
    what: 'a tag (!name) that is not a YAML type',
    hint: 'remove the tag: mazebook files need none',
  },
  BAD_COLLECTION_TYPE: { what: 'a tag (!name) that does not fit the value it is on' },
  BAD_DQ_ESCAPE: {
    what: 'a backslash in double quotes starts no valid escape',
    hint: 'write \\\\ for a backslash, or use single quotes',
  },
  BAD_SCALAR_START: {
    what: 'a value starts with a character YAML keeps for itself (such as @, ` or %)',
    hint: 'put the value in quotes',
  },
  KEY_OVER_1024_CHARS: { what: 'a key is longer than 1024 characters' },
  NON_STRING_KEY: { what: 'a key is a list or a mapping', hint: 'keys are words' },
  BAD_DIRECTIVE: { what: 'a line starting with % is not a directive YAML knows' },
  RESOURCE_EXHAUSTION: {
    what: `nesting too deep to read (the limit is ${LIMITS.maxYamlDepth} levels)`,
    hint: 'check for a [ or { that is never closed',
  },
};

/**
 * The first YAML mistake of a file as a UserError at its place. Each kind of mistake is said in a reader's
 * words; a file holding several documents is named as such. Only a spec's own mistakes that have no wording
 * here show the YAML parser's text (which may quote a few characters of the file); other files' never do.
 * @param at `file:line:col` of an offset in the text
 * @param kind what the file is: `spec`, `theme`…
 */
export function explainYamlSyntax(
  err: YAMLError,
  text: string,
  at: (offset: number) => string,
  kind: string,
): UserError {
  const where = at(err.pos[0]);
  if (err.code === 'MULTIPLE_DOCS') {
    const count = parseAllDocuments(text).length;
    const marker = text.startsWith('---', err.pos[0]);
    const line = where.split(':').slice(-2)[0];
    return new UserError(
      where,
      `the file holds ${count} YAML documents (${marker ? '---' : 'the second starts'} at line ${line}); a ${kind} is one document`,
      `remove the --- line and what follows it, or keep each ${kind} in a file of its own`,
    );
  }
  const words = IN_WORDS[err.code];
  if (words) return new UserError(where, `YAML syntax error: ${words.what}`, words.hint);
  const own = err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  return new UserError(
    where,
    `YAML syntax error: ${kind === 'spec' ? own : 'YAML cannot read this'}`,
    'quote text that contains ": " or " #", and indent nested items consistently',
  );
}

/** A key written twice in one mapping, at `where`. */
export function duplicateKeyError(where: string): UserError {
  const words = IN_WORDS.DUPLICATE_KEY;
  return new UserError(where, `YAML syntax error: ${words?.what}`, words?.hint);
}

/**
 * A failure of turning the parsed YAML into values: anchors used too often (an alias bomb), nested too deep
 * once they are expanded, an alias naming no anchor (at `unresolvedAlias`), or a merge key (`<<`) given
 * something other than mappings.
 */
export function explainYamlValues(e: unknown, file: string, unresolvedAlias?: string): UserError {
  const message = (e as Error)?.message ?? '';
  if (unresolvedAlias) {
    const words = IN_WORDS.BAD_ALIAS;
    return new UserError(unresolvedAlias, `YAML syntax error: ${words?.what}`, words?.hint);
  }
  if (e instanceof RangeError) {
    return new UserError(
      file,
      'nesting too deep once its aliases (*name) are expanded',
      'use fewer aliases inside aliases',
    );
  }
  if (/merge/i.test(message)) {
    return new UserError(
      file,
      'a merge key (<<) must be given a mapping, an alias of one (<<: *base), or a list of them',
    );
  }
  if (/excessive alias/i.test(message)) {
    return new UserError(
      file,
      `aliases (*name) are expanded more than ${LIMITS.maxAliases} times`,
      'use fewer aliases, or fewer aliases inside aliases',
    );
  }
  return new UserError(file, 'the YAML could not be read');
}
