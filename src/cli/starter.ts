import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { UserError } from '../base/errors.js';
import { type OutputFile, shownPath, writeOutputs } from '../book/outputs.js';
import { BOOK_SCHEMA_ID, bookJsonSchemaText } from '../spec/json-schema.js';
import { shellQuote } from './invocation.js';

/**
 * A commented starter spec titled after `name`, pointing editors at the JSON Schema in `schemaPath`; its
 * comment names the command that builds it (`run`: how mazebook is run, see invocation.ts).
 */
export function starterSpec(title: string, schemaPath: string, fileName: string, run = 'mazebook'): string {
  return `# yaml-language-server: $schema=${schemaPath}
# A mazebook book spec. Build it, from this folder, with:  ${run} build ${shellQuote(fileName)}
# Every field is described in docs/spec.md; your editor completes them from the schema above.
title: ${JSON.stringify(title)}
subtitle: A book of mazes
author: Your name
seed: 1                    # change it for different mazes; the same seed always rebuilds the same book
paper: a4                  # a4, letter, a5, 6x9in, 210x297mm, …
theme: classic             # classic, ink-saver, kids, grayscale, high-contrast, ocean or night
defaults:
  title: "Maze {{number}}" # a template: {{number}}, {{size}}, {{difficulty}}, …
  algorithm: backtracker   # or kruskal, wilson, prim, growing-tree, hunt-and-kill, …
front:
  - title-page
  - instructions: |
      Find the way from the arrow pointing in to the arrow pointing out.
      The answers are at the back of the book.
pages:
  - { id: first, title: "Warm-up", maze: { cells: [8, 10] } }
  - maze: { cells: [14, 18] }
  - maze: { shape: hex, mask: heart, passage: 9mm }
  - maze: { shape: circle, rings: 10, exit: centre }
  - maze: { cells: auto, difficulty: hard }
  - maze: { cells: [12, 15], mazegram: "You did it!" }
solutions:
  appendix: true
  per-page: 6
cover:                     # a wraparound paperback cover, written next to the book (<name>-cover.pdf)
  blurb: |
    Six mazes, from a warm-up to a hard one, and a secret message. The answers are at the back.
  maze: { shape: circle, passage: 9mm }
`;
}

/** The schema file `init` writes next to a new spec, so the editor link survives `npx` and moving the folder. */
export const SCHEMA_FILE = 'book.schema.json';

/**
 * \`mazebook init NAME\`: writes NAME.yaml (NAME may be a path; ".yaml" is added when missing), refusing to
 * overwrite an existing file, and the book spec's JSON Schema beside it (book.schema.json, refreshed if an
 * older one is there), which the spec's modeline names by a relative path. Returns the spec's path.
 */
export async function initSpec(name: string, run = 'mazebook'): Promise<string> {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw new UserError(
      'init',
      'the name holds a control character (a line break, a tab…)',
      'choose a name of letters, digits, spaces and punctuation',
    );
  }
  const file = resolve(extname(name) === '.yaml' || extname(name) === '.yml' ? name : `${name}.yaml`);
  if (existsSync(file)) {
    throw new UserError(
      shownPath(file),
      'already exists; init never overwrites a file',
      'choose another name',
    );
  }
  const schemaFile = join(dirname(file), SCHEMA_FILE);
  const title = basename(file, extname(file))
    .replace(/[-_]+/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());
  const outputs: OutputFile[] = [
    { path: file, what: 'spec', data: starterSpec(title, `./${SCHEMA_FILE}`, basename(file), run) },
  ];
  if (!existsSync(schemaFile) || isOurSchema(schemaFile)) {
    outputs.push({ path: schemaFile, what: 'schema', data: bookJsonSchemaText() });
  }
  await writeOutputs(outputs);
  return file;
}

/** A book.schema.json that an earlier `init` wrote (anything else there is left alone). */
function isOurSchema(path: string): boolean {
  try {
    return readFileSync(path, 'utf8').includes(BOOK_SCHEMA_ID);
  } catch {
    return false;
  }
}
