/**
 * JSON Schema (draft 2020-12) of maze JSON version 1 (`MazeJson` in json.ts documents the meaning of each
 * field). The schema checks shapes and ranges; `importMazeJson` also checks what a schema cannot: counts
 * against the rebuilt grid, bit-string lengths, rim walls and the solution.
 */
export const mazeJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://mazebook.dev/schema/maze-v1.json',
  title: 'mazebook maze',
  description: 'One maze: its grid (topology, size, optional mask), open walls, ends and solution.',
  type: 'object',
  required: [
    'format',
    'version',
    'topology',
    'size',
    'cells',
    'wallCount',
    'walls',
    'entry',
    'exit',
    'solution',
  ],
  additionalProperties: false,
  properties: {
    format: { const: 'mazebook-maze' },
    version: { const: 1 },
    topology: { enum: ['square', 'hex', 'triangle', 'octagon', 'circle'] },
    size: {
      oneOf: [
        {
          type: 'object',
          required: ['columns', 'rows'],
          additionalProperties: false,
          properties: {
            columns: { type: 'integer', minimum: 1, maximum: 2048 },
            rows: { type: 'integer', minimum: 1, maximum: 2048 },
          },
        },
        {
          type: 'object',
          required: ['rings'],
          additionalProperties: false,
          properties: { rings: { type: 'integer', minimum: 2, maximum: 2048 } },
        },
      ],
    },
    hexTop: { enum: ['pointy', 'flat'], description: 'Hex mazes only; pointy when absent.' },
    cells: { type: 'integer', minimum: 1, description: "Cells of the maze's grid (after the mask)." },
    wallCount: { type: 'integer', minimum: 0, description: "Walls of the maze's grid (after the mask)." },
    mask: {
      $ref: '#/$defs/bits',
      description: 'Kept cells of the full grid, one bit per cell in its cell order.',
    },
    walls: { $ref: '#/$defs/bits', description: 'Open walls, one bit per wall in the grid’s wall order.' },
    entry: { $ref: '#/$defs/end' },
    exit: { $ref: '#/$defs/end' },
    oneWay: {
      type: 'array',
      description:
        '[wall, 1] crossable only from the wall’s first cell to its second; [wall, -1] the other way.',
      items: {
        type: 'array',
        prefixItems: [{ type: 'integer', minimum: 0 }, { enum: [1, -1] }],
        minItems: 2,
        maxItems: 2,
      },
    },
    letters: { type: 'array', items: { type: 'string' }, description: 'One per cell; "" for none.' },
    solution: {
      type: 'array',
      items: { type: 'integer', minimum: 0 },
      description: 'Cells from the entry cell to the exit cell; empty when the exit cannot be reached.',
    },
  },
  allOf: [
    {
      if: { properties: { topology: { const: 'circle' } } },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a promise
      then: { properties: { size: { required: ['rings'] }, hexTop: false } },
      else: { properties: { size: { required: ['columns', 'rows'] } } },
    },
    {
      if: { properties: { topology: { not: { const: 'hex' } } } },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a promise
      then: { properties: { hexTop: false } },
    },
  ],
  $defs: {
    bits: {
      type: 'string',
      description:
        'Base64 (RFC 4648, padded) of ⌈n/8⌉ bytes; bit i is bit (i mod 8) of byte ⌊i/8⌋, least significant first.',
      pattern: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
    },
    end: {
      oneOf: [
        {
          type: 'object',
          required: ['wall'],
          additionalProperties: false,
          properties: { wall: { type: 'integer', minimum: 0, description: 'An open rim wall.' } },
        },
        {
          type: 'object',
          required: ['cell'],
          additionalProperties: false,
          properties: { cell: { type: 'integer', minimum: 0, description: 'An end inside the maze.' } },
        },
      ],
    },
  },
} as const;
