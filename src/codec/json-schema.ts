import { z } from 'zod';
import { LIMITS } from '../base/limits.js';

/**
 * Maze JSON versions 1 and 2 (2 adds `crossings`) as one zod schema: `importMazeJson` validates files with it, and the published JSON
 * Schema (`mazeJsonSchema`, draft 2020-12) is generated from it, so the two cannot drift apart. The schema
 * checks shapes and ranges; `importMazeJson` then checks what needs the rebuilt grid: counts, bit-string
 * lengths, rim walls and the solution. `MazeJson` in json.ts documents the meaning of each field.
 *
 * Each part carries the message a reader of the file should see ("expected a whole number in [1, 2048],
 * got 0"); `importMazeJson` adds the JSON path.
 */

/** A value as it appears in a message: JSON, shortened to 40 characters; `nothing` for a missing one. */
export function showJsonValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * What kind of JSON value something is, for messages about a document that is not maze JSON at all (its
 * content is not quoted: it may be any file).
 */
export function jsonKind(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true or false';
  return 'an object';
}

/** The topologies maze JSON can name (those of src/grid/registry.ts). */
const TOPOLOGIES = ['square', 'hex', 'triangle', 'octagon', 'circle'] as const;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A whole number in [min, max], with one message for every way of missing it. */
function whole(min: number, max: number) {
  const error = (issue: { input?: unknown }): string =>
    `expected a whole number in [${min}, ${max}], got ${showJsonValue(issue.input)}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}

/** A bit string: padded base64 of ⌈n/8⌉ bytes (the length is checked against the grid on import). */
function bits(what: string, description: string) {
  const error = (issue: { input?: unknown }): string =>
    `expected a base64 string of ${what} bits, got ${showJsonValue(issue.input)}`;
  return z.string({ error }).regex(BASE64, { error }).describe(description);
}

const end = z
  .union(
    [
      z.strictObject({
        wall: whole(0, Number.MAX_SAFE_INTEGER).describe('An open rim wall.'),
      }),
      z.strictObject({
        cell: whole(0, LIMITS.maxCells - 1).describe('An end inside the maze.'),
      }),
    ],
    {
      error: (issue) =>
        `expected { "wall": w } or { "cell": c } (whole numbers from 0), got ${showJsonValue(issue.input)}`,
    },
  )
  .describe('An opening in the rim ({wall}) or an end inside the maze ({cell}, a circle’s centre).');

const rectangle = z
  .strictObject({ columns: whole(1, LIMITS.maxSide), rows: whole(1, LIMITS.maxSide) })
  .describe('Cells across and down.');

/** Fields every topology shares, in the order the exporter writes them (after topology, size, hexTop). */
const body = {
  cells: whole(1, LIMITS.maxCells).describe("Cells of the maze's grid (after the mask)."),
  wallCount: whole(0, Number.MAX_SAFE_INTEGER).describe("Walls of the maze's grid (after the mask)."),
  mask: bits(
    'cells of the full grid',
    'Kept cells of the full grid, one bit per cell in its cell order.',
  ).optional(),
  walls: bits('walls', 'Open walls, one bit per wall in the grid’s wall order.'),
  entry: end,
  exit: end,
  oneWay: z
    .array(
      z.tuple(
        [
          whole(0, Number.MAX_SAFE_INTEGER),
          z.union([z.literal(1), z.literal(-1)], {
            error: (issue) => `expected 1 or -1, got ${showJsonValue(issue.input)}`,
          }),
        ],
        { error: (issue) => `expected [wall, 1 | -1], got ${showJsonValue(issue.input)}` },
      ),
      { error: (issue) => `expected a list of [wall, 1 | -1], got ${showJsonValue(issue.input)}` },
    )
    .optional()
    .describe('[wall, 1] crossable only from the wall’s first cell to its second; [wall, -1] the other way.'),
  crossings: z
    .array(
      z.tuple([whole(0, LIMITS.maxCells - 1), whole(0, LIMITS.maxCells - 1)], {
        error: (issue) => `expected [cell, cell], got ${showJsonValue(issue.input)}`,
      }),
      { error: (issue) => `expected a list of [cell, cell], got ${showJsonValue(issue.input)}` },
    )
    .optional()
    .describe(
      'Weave mazes (version 2): the under-passages, each as the two cells it joins beneath the cell between them.',
    ),
  letters: z
    .array(z.string({ error: (issue) => `expected a string, got ${showJsonValue(issue.input)}` }), {
      error: (issue) => `expected a list of strings, one per cell, got ${showJsonValue(issue.input)}`,
    })
    .optional()
    .describe('One per cell; "" for none.'),
  solution: z
    .array(whole(0, LIMITS.maxCells - 1), {
      error: (issue) => `expected a list of cells, got ${showJsonValue(issue.input)}`,
    })
    .describe('Cells from the entry cell to the exit cell; empty when the exit cannot be reached.'),
};

const format = z.literal('mazebook-maze', {
  error: (issue) =>
    `is not maze JSON: its format is not "mazebook-maze"${issue.input === undefined ? ' (it names none)' : ''}`,
});
const version = z.union([z.literal(1), z.literal(2)], {
  error: (issue) => `expected version 1 or 2, got ${showJsonValue(issue.input)}`,
});

/**
 * The first two fields alone, checked before the rest so that a file of another format or a newer version
 * is named as such rather than by whatever else differs in it.
 */
export const mazeJsonHeader = z.looseObject(
  { format, version },
  { error: (issue) => `expected an object, got ${jsonKind(issue.input)}` },
);

/**
 * The whole document. One variant per kind of size: circles have `{ rings }`, the other tilings
 * `{ columns, rows }`, and only hex mazes may say `hexTop` (pointy when absent).
 */
export const mazeJsonZod = z.discriminatedUnion(
  'topology',
  [
    z.strictObject({
      format,
      version,
      topology: z.literal('circle'),
      size: z.strictObject({ rings: whole(2, LIMITS.maxSide) }).describe('Rings, the centre disc included.'),
      ...body,
    }),
    z.strictObject({
      format,
      version,
      topology: z.literal('hex'),
      size: rectangle,
      hexTop: z
        .enum(['pointy', 'flat'], {
          error: (issue) => `expected "pointy" or "flat", got ${showJsonValue(issue.input)}`,
        })
        .optional()
        .describe('Which way the hexagons point; pointy when absent.'),
      ...body,
    }),
    z.strictObject({
      format,
      version,
      topology: z.enum(['square', 'triangle', 'octagon']),
      size: rectangle,
      ...body,
    }),
  ],
  {
    error: (issue) => {
      const input = issue.input;
      return typeof input === 'object' && input !== null && !Array.isArray(input)
        ? `expected a topology (${TOPOLOGIES.join(', ')}), got ${showJsonValue((input as { topology?: unknown }).topology)}`
        : `expected an object, got ${jsonKind(input)}`;
    },
  },
);

/** A maze JSON document (see json.ts for what each field means). */
export type MazeJson = z.output<typeof mazeJsonZod>;

/** The field names a maze JSON document may have, in the order the exporter writes them. */
export const MAZE_JSON_FIELDS = [
  'format',
  'version',
  'topology',
  'size',
  'hexTop',
  ...Object.keys(body),
] as const;

/** JSON Schema (draft 2020-12) of maze JSON versions 1 and 2, generated from `mazeJsonZod`. */
export const mazeJsonSchema: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://mazebook.dev/schema/maze-v2.json',
  title: 'mazebook maze',
  description: 'One maze: its grid (topology, size, optional mask), open walls, ends and solution.',
  ...withoutKey(
    z.toJSONSchema(mazeJsonZod, { target: 'draft-2020-12' }) as Record<string, unknown>,
    '$schema',
  ),
};

function withoutKey(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = o;
  return rest;
}
