import { z } from 'zod';
import { LIMITS } from '../base/limits.js';
import {
  algorithmNames,
  difficultyLabels,
  languageCodes,
  localeCodes,
  profileNames,
  ruleNames,
  shapeNames,
  symbolNames,
  topologyNames,
} from '../base/names.js';
import { PAPER_PRESETS } from './paper.js';
import { LENGTH_PATTERN, MAX_LENGTH, PERCENT_PATTERN, toFraction, toPoints } from './units.js';

/** True when `YYYY-MM-DD[Thh:mm[:ss]Z]` names an existing moment (no 13th month, no 31 April). */
function isRealDate(text: string): boolean {
  const iso = text.length === 10 ? `${text}T00:00:00Z` : text;
  const d = new Date(iso);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text.slice(0, 10);
}

/**
 * The book spec exactly as the user writes it (lengths still strings like `7mm`). The planner turns it into a
 * resolved book in points; nothing after the planner reads these types.
 */

const LENGTH_EXPECTED = 'expected a length such as 7mm, 1.5cm, 0.5in or 12pt';
const FRACTION_EXPECTED = 'expected a fraction from 0 to 1 or a percentage such as 30%';

const TOO_LONG = `must be at most 200in (${MAX_LENGTH}pt)`;
/** Refinements run even when the pattern failed: only measure what is a length. */
const measured = (s: string, test: (pt: number) => boolean) => !LENGTH_PATTERN.test(s) || test(toPoints(s));

const length = z
  .union(
    [
      z.number().positive({ error: LENGTH_EXPECTED }).max(MAX_LENGTH, { error: TOO_LONG }),
      z
        .string()
        .regex(LENGTH_PATTERN, { error: LENGTH_EXPECTED })
        .refine((s) => measured(s, (pt) => pt > 0), { error: 'must be longer than 0' })
        .refine((s) => measured(s, (pt) => pt <= MAX_LENGTH), { error: TOO_LONG }),
    ],
    { error: LENGTH_EXPECTED },
  )
  .meta({ description: 'A length: a number with mm, cm, in or pt, or a bare number of points.' });

/** Like `length`, but 0 is allowed (margins). */
const lengthOrZero = z
  .union(
    [
      z.number().min(0, { error: LENGTH_EXPECTED }).max(MAX_LENGTH, { error: TOO_LONG }),
      z
        .string()
        .regex(LENGTH_PATTERN, { error: LENGTH_EXPECTED })
        .refine((s) => measured(s, (pt) => pt <= MAX_LENGTH), { error: TOO_LONG }),
    ],
    { error: LENGTH_EXPECTED },
  )
  .meta({ description: 'A length ≥ 0: a number with mm, cm, in or pt, or a bare number of points.' });

const fraction = z
  .union(
    [
      z.number().min(0, { error: FRACTION_EXPECTED }).max(1, { error: FRACTION_EXPECTED }),
      z
        .string()
        .regex(PERCENT_PATTERN, { error: FRACTION_EXPECTED })
        .refine((p) => !PERCENT_PATTERN.test(p) || toFraction(p) <= 1, { error: FRACTION_EXPECTED }),
    ],
    { error: FRACTION_EXPECTED },
  )
  .meta({ description: 'A fraction in [0, 1] or a percentage such as 30%.' });

const side = z.enum(['top', 'bottom', 'left', 'right']);

const end = z
  .union(
    [
      z.enum(['auto', 'top', 'bottom', 'left', 'right', 'centre', 'center']),
      z.strictObject({ side, at: fraction.optional() }),
    ],
    {
      error: 'expected auto, top, bottom, left, right, centre or {side, at}',
    },
  )
  .meta({
    description:
      'Where the maze is entered or left: auto, a side, {side, at: 30%}, or centre (the middle cell; the centre disc of a circle maze).',
  });

/** A picture marker: a bundled icon name or an SVG file (checked while planning). */
const markerPicture = z
  .string()
  .min(1)
  .max(500)
  .meta({ description: 'A bundled icon name (rabbit, carrot, …) or an .svg file relative to the spec.' });

const markers = z
  .union(
    [
      z.literal('arrows'),
      z.strictObject({
        start: markerPicture.optional(),
        finish: markerPicture.optional(),
        labels: z
          .boolean()
          .optional()
          .meta({ description: 'Write the start and finish words beside the markers (default: kids only).' }),
      }),
    ],
    { error: 'expected arrows, or {start, finish, labels}' },
  )
  .meta({ description: 'How the start and finish are marked: arrows, or pictures; with or without words.' });

const islands = z.enum(['join', 'largest']).optional().meta({
  description:
    'Separate pieces of the mask: join (bridge them by the shortest paths of cells; the default for text) or largest (keep the biggest piece; the default otherwise).',
});

const shapeMask = z.strictObject({
  shape: z.enum(shapeNames),
  points: z.int().min(3).max(24).optional().meta({ description: 'star: number of points (default 5).' }),
  inner: fraction
    .optional()
    .meta({ description: 'star: inner radius (default 45%); ring: hole radius (default 50%).' }),
  islands,
});

const mask = z
  .union(
    [
      z.enum(shapeNames),
      shapeMask,
      z.strictObject({
        formula: z.string().min(1).max(2000).meta({ description: 'A condition on x, y (and r, a).' }),
        islands,
      }),
      z.strictObject({
        image: z.string().min(1).meta({ description: 'PNG, JPEG or WebP file, relative to the spec.' }),
        threshold: fraction.optional().meta({ description: 'Darkness (or opacity) that counts as inside.' }),
        invert: z.boolean().optional().meta({ description: 'Swap inside and outside.' }),
        fit: z
          .enum(['contain', 'stretch'])
          .optional()
          .meta({ description: 'Keep the picture’s proportions.' }),
        islands,
      }),
      z.strictObject({
        text: z.string().min(1).max(200).meta({ description: 'A word or short phrase; \\n breaks lines.' }),
        font: z.string().min(1).optional().meta({
          description:
            'lato, lato-bold, comic-neue, comic-neue-bold, or a TTF/OTF file; default the theme’s heading font.',
        }),
        lines: z
          .union([z.literal('auto'), z.int().min(1).max(20)], {
            error: 'expected auto or a number of lines from 1 to 20',
          })
          .optional()
          .meta({
            description:
              'auto (default): break the text into the lines that fill the maze area best; a number: that many lines.',
          }),
        islands,
      }),
    ],
    {
      error: `expected a shape name (${shapeNames.join(', ')}) or one of {shape}, {formula}, {image}, {text}`,
    },
  )
  .meta({ description: 'Which cells of the grid the maze uses.' });

const pictureFile = z
  .string()
  .min(1)
  .meta({ description: 'PNG, JPEG, WebP, GIF, TIFF or AVIF file, relative to the spec.' });

const tone = z
  .strictObject({
    image: pictureFile,
    gamma: z.number().gt(0).max(10).optional().meta({
      description:
        'Exponent on the lightness: above 1 darkens the mid-tones, below 1 lightens them (default 1).',
    }),
    contrast: z
      .number()
      .min(0)
      .max(10)
      .optional()
      .meta({ description: 'Stretch about mid-grey: above 1 adds contrast (default 1).' }),
    levels: z.int().min(1).max(5).optional().meta({
      description: 'Times a cell may split in four where the picture is dark (default 3).',
    }),
  })
  .meta({
    description: 'Reproduce a picture’s tone in the spacing and weight of the walls (square or triangle).',
  });

const routePoint = z
  .tuple([z.number().min(0).max(1), z.number().min(0).max(1)], {
    error: 'expected a point [x, y] with x and y fractions of the maze box from 0 to 1',
  })
  .meta({ description: 'A point [x, y] as fractions of the maze box (x to the right, y down).' });
const routeLine = z.array(routePoint).min(2).max(200);

const regionStyle = z
  .union(
    [
      z.enum(['lines', 'route']),
      z.strictObject({
        texture: z.string().min(1).meta({
          description:
            'directional, concentric, random, or an algorithm that fills any shape (wilson, kruskal, …).',
        }),
        angle: z
          .number()
          .min(-360)
          .max(360)
          .optional()
          .meta({ description: 'directional: degrees anticlockwise from horizontal (default 0).' }),
        flow: z
          .literal('image')
          .optional()
          .meta({ description: 'directional: follow the edges of the tone picture instead of an angle.' }),
        strength: z.number().min(1).max(1000).optional().meta({
          description:
            'How much likelier a passage along the direction is than across (directional 6, concentric 12).',
        }),
        doors: z
          .int()
          .min(1)
          .max(4)
          .optional()
          .meta({ description: 'Openings to each neighbouring region (default 1).' }),
        straightness: z
          .number()
          .min(0)
          .max(1)
          .optional()
          .meta({ description: 'backtracker texture option.' }),
        newest: z.number().min(0).max(1).optional().meta({ description: 'growing-tree texture option.' }),
      }),
    ],
    { error: 'expected lines, route, or {texture, angle, flow, strength, doors}' },
  )
  .meta({ description: 'What one colour of the region map is.' });

const regions = z
  .strictObject({
    image: pictureFile,
    styles: z
      .record(z.string(), regionStyle)
      .refine((r) => Object.keys(r).length >= 1 && Object.keys(r).length <= 64, {
        error: 'expected from 1 to 64 colours',
      })
      .meta({ description: "A style per colour of the map, keyed '#rrggbb'." }),
  })
  .meta({
    description: 'A flat-colour region map: each colour fills its part of the maze with its own texture.',
  });

const route = z
  .union(
    [
      routeLine,
      z.strictObject({
        points: routeLine,
        branches: z.array(routeLine).max(20).optional().meta({ description: 'Side lines: long dead ends.' }),
      }),
    ],
    { error: 'expected a list of points [[x, y], …] or {points, branches}' },
  )
  .meta({ description: 'A sketched solution: waypoints as fractions of the maze box.' });

const silhouetteName = z
  .string()
  .min(1)
  .max(100)
  .meta({ description: 'A bundled picture’s name (cat, butterfly, star, …), drawn as a solid silhouette.' });

const reveal = z
  .union(
    [
      silhouetteName,
      z.strictObject({
        image: pictureFile.optional(),
        silhouette: silhouetteName.optional(),
        threshold: fraction
          .optional()
          .meta({ description: 'image: darkness from which a pixel is dark (default 50%).' }),
        invert: z.boolean().optional().meta({ description: 'image: swap dark and light.' }),
        reverse: z.boolean().optional().meta({
          description: 'The route runs through the light cells and the wrong turns fill the picture.',
        }),
      }),
    ],
    { error: 'expected a silhouette name, or {image, silhouette, threshold, invert, reverse}' },
  )
  .meta({
    description:
      'A hidden picture: colouring the route from start to finish reveals it (square mazes; one cell per pixel unless cells is set).',
  });

const cellCount = z.int().min(2).max(LIMITS.maxSide);

const score = z.number().min(1).max(10);
const difficultyLevel = z
  .union([z.enum(difficultyLabels), score], {
    error: `expected ${difficultyLabels.join(', ')} or a score from 1 to 10`,
  })
  .meta({ description: 'A difficulty label or a score on the 1–10 scale.' });
const difficulty = z
  .union(
    [
      z.enum(difficultyLabels),
      score,
      z.strictObject({ min: score, max: score }).refine((r) => r.min <= r.max, {
        error: 'min must not be above max',
      }),
    ],
    { error: `expected ${difficultyLabels.join(', ')}, a score from 1 to 10, or {min, max}` },
  )
  .meta({ description: 'Target difficulty (see docs/difficulty.md).' });

const postStep = z
  .union(
    [
      z.enum(['reduce-path', 'reverse-wasted-turns']),
      z.strictObject({ 'cross-cuts': z.int().min(0).max(LIMITS.maxCells) }),
      z.strictObject({ loops: z.int().min(0).max(LIMITS.maxCells) }),
      z.strictObject({ braid: z.number().min(0).max(1) }),
    ],
    { error: 'expected reduce-path, reverse-wasted-turns, {cross-cuts: n}, {loops: n} or {braid: 0..1}' },
  )
  .meta({ description: 'One post-process.' });

const rule = z
  .union(
    [
      z.enum(ruleNames),
      z.strictObject({
        kind: z.enum(ruleNames).meta({ description: 'numbers, sequence, arrows or jumps.' }),
        follow: z
          .union(
            [
              z.enum(['even', 'odd', 'count-up']),
              z.strictObject({
                'multiples-of': z.int().min(2).max(20).meta({ description: 'The times table, 2 to 20.' }),
              }),
            ],
            { error: 'expected even, odd, count-up or {multiples-of: n}' },
          )
          .optional()
          .meta({
            description:
              'numbers: the cells the way runs through: even, odd, {multiples-of: n} (default even), or count-up (1, 2, 3, … in order).',
          }),
        symbols: z
          .array(z.enum(symbolNames))
          .min(1)
          .max(symbolNames.length)
          .optional()
          .meta({
            description: `sequence: the shapes, in the order the way visits them, over and over (at least two, all different; default circle, square, triangle): ${symbolNames.join(', ')}.`,
          }),
        directions: z
          .literal([4, 8])
          .optional()
          .meta({ description: 'arrows: 8 (default, diagonals too) or 4 (up, down, left, right).' }),
      }),
    ],
    { error: `expected ${ruleNames.join(', ')}, or {kind, follow, symbols, directions}` },
  )
  .meta({
    description:
      'A rule maze instead of a wall maze: a grid of numbers, shapes or arrows read by a rule, with one solution (see docs/spec.md, "Rule mazes").',
  });

export const mazeSchema = z
  .strictObject({
    shape: z.enum(topologyNames).optional().meta({ description: 'Tiling of the maze.' }),
    cells: z
      .union([cellCount, z.tuple([cellCount, cellCount]), z.literal('auto')], {
        error: `expected a whole number of cells from 2 to ${LIMITS.maxSide}, [columns, rows], or auto`,
      })
      .optional()
      .meta({ description: 'Cells across and down: [columns, rows], or one number for a square maze.' }),
    rings: z
      .union([z.int().min(2).max(1000), z.literal('auto')], {
        error: 'expected a whole number of rings from 2 to 1000, or auto',
      })
      .optional()
      .meta({ description: 'Circle mazes: rings of cells around the centre disc (the disc counts as one).' }),
    passage: length.optional().meta({
      description:
        'Passage width (a cell’s inscribed diameter, wall centre to wall centre); the maze fills its frame with cells this size.',
    }),
    'hex-top': z
      .enum(['pointy', 'flat'])
      .optional()
      .meta({ description: 'Hexagon mazes: pointy tops (rows of cells, default) or flat tops (columns).' }),
    mask: mask.optional(),
    tone: tone.optional(),
    regions: regions.optional(),
    route: route.optional(),
    reveal: reveal.optional(),
    algorithm: z.enum(algorithmNames).optional().meta({ description: 'Generation algorithm.' }),
    straightness: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: 'backtracker: chance in [0, 1] that a corridor keeps going straight.' }),
    weave: z.number().min(0).max(1).optional().meta({
      description:
        'Square mazes: density in [0, 1] of crossings, where one passage runs over a bridge and another under it (backtracker, growing-tree, prim, kruskal).',
    }),
    newest: z.number().min(0).max(1).optional().meta({
      description: 'growing-tree: chance in [0, 1] of growing from the newest cell (else a random one).',
    }),
    weights: z
      .strictObject({
        up: z.number().min(0).optional(),
        down: z.number().min(0).optional(),
        left: z.number().min(0).optional(),
        right: z.number().min(0).optional(),
        radial: z.number().min(0).optional(),
        concentric: z.number().min(0).optional(),
      })
      .refine(
        (w) =>
          (w.radial === undefined && w.concentric === undefined) ||
          (w.up === undefined && w.down === undefined && w.left === undefined && w.right === undefined),
        { error: 'use either up/down/left/right or radial/concentric, not both' },
      )
      .optional()
      .meta({
        description:
          'skewed-dfs, backtracker, kruskal: weight ≥ 0 per direction (up, down, left, right) or relative to the centre (radial, concentric); default 1 each.',
      }),
    fm: z.string().min(6).max(4_200_000).optional().meta({
      description:
        'A hand-made square maze as a Finger Maze string (FM…); it replaces generation (shape, size and algorithm).',
    }),
    mazegram: z
      .union(
        [
          z.string().min(1).max(500),
          z.strictObject({
            message: z.string().min(1).max(500).meta({ description: 'The words the solution spells.' }),
            language: z
              .enum(languageCodes)
              .optional()
              .meta({ description: 'Language of the message and the decoys (default en).' }),
            font: z.string().min(1).optional().meta({
              description:
                'lato, lato-bold, comic-neue, comic-neue-bold, or a TTF/OTF file; default the theme’s heading font.',
            }),
            fill: z
              .union([z.literal('auto'), fraction], { error: 'expected auto, or a fraction such as 60%' })
              .optional()
              .meta({
                description:
                  'Share of the other cells given decoy letters; auto (the default) matches the share of lettered cells on the solution.',
              }),
            case: z
              .enum(['upper', 'lower', 'keep'])
              .optional()
              .meta({ description: 'Letter case (default upper).' }),
            blanks: z
              .boolean()
              .optional()
              .meta({ description: 'Answer blanks under the maze (default true).' }),
          }),
        ],
        { error: 'expected the message, or {message, language, font, fill, case}' },
      )
      .optional()
      .meta({ description: 'A message the solution spells, with decoy letters elsewhere.' }),
    rule: rule.optional(),
    difficulty: difficulty.optional(),
    candidates: z
      .int()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: 'Mazes generated to meet the difficulty; the closest is kept (default 8).' }),
    entry: end.optional(),
    exit: end.optional(),
    markers: markers.optional(),
    post: z
      .array(postStep)
      .max(16)
      .optional()
      .meta({ description: 'Post-processes applied in order after generation.' }),
  })
  .meta({ description: 'How one maze is made.' });

const audience = z.enum(['kids', 'adults', 'large-print']).meta({
  description:
    'Who solves the mazes: sets the narrowest clear passage (kids 6mm, adults 3mm, large-print 5mm); large-print also sets every text to 14pt or more and walls to 1.5pt or more.',
});
const minPassage = length.meta({
  description:
    'Narrowest clear passage (the gap between walls, after their thickness) automatic sizes may use; replaces the audience’s.',
});

export const defaultsSchema = mazeSchema
  .extend({
    title: z
      .string()
      .optional()
      .meta({ description: 'Handlebars template for puzzle titles, e.g. "Maze {{number}}".' }),
    audience: audience.optional(),
    'min-passage': minPassage.optional(),
  })
  .meta({ description: 'Defaults applied to every page.' });

const pageId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
  error: 'expected an id of letters, digits, ".", "_" or "-"',
});

export const seriesSchema = mazeSchema
  .extend({
    count: z.int().min(2).max(200).meta({ description: 'Number of pages in the series.' }),
    from: difficultyLevel.meta({ description: 'Difficulty of the first page.' }),
    to: difficultyLevel.meta({ description: 'Difficulty of the last page.' }),
  })
  .meta({ description: 'Pages of rising difficulty, each made like `maze`.' });

export const pageSchema = z
  .strictObject({
    section: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Starts a section: a heading page, and `defaults` for the pages that follow.' }),
    defaults: defaultsSchema.optional().meta({ description: 'Section defaults (with section only).' }),
    'per-page': z
      .literal([1, 2, 4, 6])
      .optional()
      .meta({ description: 'Mazes per page in this section (with section only; default the book’s).' }),
    id: pageId
      .optional()
      .meta({ description: 'Stable key of the page; its maze depends only on this and the seed.' }),
    title: z.string().optional().meta({ description: 'Handlebars template for this page title.' }),
    seed: z
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional()
      .meta({
        description:
          "This page's own seed: replaces the book seed for its maze (or series). Written by the preview's re-roll.",
      }),
    maze: mazeSchema.optional(),
    series: seriesSchema.optional(),
  })
  .refine((p) => p.maze === undefined || p.series === undefined, {
    error: 'a page has either maze or series, not both',
  })
  .refine(
    (p) =>
      p.section === undefined
        ? p.defaults === undefined && p['per-page'] === undefined
        : p.maze === undefined &&
          p.series === undefined &&
          p.id === undefined &&
          p.title === undefined &&
          p.seed === undefined,
    { error: 'a section entry has only section, defaults and per-page; its pages follow it' },
  );

const frontItem = z.union(
  [
    z.literal('title-page'),
    z
      .literal('contents')
      .meta({ description: 'A contents page: sections (or the puzzles) and the answers.' }),
    z.strictObject({
      copyright: z
        .string()
        .min(1)
        .meta({ description: 'Template of a copyright/colophon page; the seed is printed under it.' }),
    }),
    z.strictObject({
      instructions: z.string().min(1).meta({ description: 'Handlebars template of the instructions text.' }),
      heading: z
        .string()
        .optional()
        .meta({ description: 'Heading of the instructions page (default "How to play").' }),
      example: z
        .boolean()
        .optional()
        .meta({ description: 'Show a small solved maze under the text (default true).' }),
    }),
  ],
  { error: 'expected title-page, contents, {instructions: "…"} or {copyright: "…"}' },
);

const paper = z
  .union([z.string().min(1), z.strictObject({ width: length, height: length })], {
    error: `expected a paper name (${Object.keys(PAPER_PRESETS).join(', ')}), WxHunit, or {width, height}`,
  })
  .meta({ description: 'Paper preset name, a size like 8.5x11in, or {width, height}.' });

const margins = z.union(
  [
    lengthOrZero,
    z
      .strictObject({
        top: lengthOrZero,
        right: lengthOrZero,
        bottom: lengthOrZero,
        left: lengthOrZero,
        inside: z.union([lengthOrZero, z.literal('auto')]),
        outside: lengthOrZero,
      })
      .partial()
      .refine(
        (m) =>
          (m.inside === undefined && m.outside === undefined) ||
          (m.left === undefined && m.right === undefined),
        { error: 'use either left/right or inside/outside, not both' },
      ),
  ],
  {
    error: 'expected a length, or {top, bottom, left, right} or {top, bottom, inside, outside}',
  },
);

const themeColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, { error: 'expected a colour such as #1b1b1b or #333' });

/** `theme: {base: kids, walls: '#334'}`: a theme with some of its settings replaced. */
const themeOverride = z.strictObject({
  base: z.string().min(1).optional().meta({ description: 'The theme to start from (default classic).' }),
  palette: z
    .strictObject({
      harmony: z.enum(['triad', 'complementary', 'analogous']),
      from: themeColor,
    })
    .optional()
    .meta({ description: 'Derive the solution, marker and letter colours from one colour.' }),
  page: themeColor.optional(),
  background: themeColor.optional(),
  walls: themeColor.optional(),
  solution: themeColor.optional(),
  markers: themeColor.optional(),
  letters: themeColor.optional(),
  text: themeColor.optional(),
  muted: themeColor.optional(),
  'wall-width': length.optional(),
  'solution-width': length.optional(),
  cap: z.enum(['butt', 'square', 'round']).optional(),
  join: z.enum(['miter', 'round', 'bevel']).optional(),
  fonts: z
    .strictObject({ heading: z.string().min(1).optional(), body: z.string().min(1).optional() })
    .optional(),
});

export type ThemeOverride = z.infer<typeof themeOverride>;

export const solutionsSchema = z.union(
  [
    z.boolean(),
    z
      .literal('inline')
      .meta({ description: 'Each answer on the page after its puzzle (the back of a sheet).' }),
    z.strictObject({
      appendix: z.boolean().optional(),
      'per-page': z.literal([1, 2, 3, 4, 6, 8, 9, 12]).optional().meta({
        description:
          'Most answers on an answer page: 1, 2, 3, 4, 6, 8, 9 or 12 (default 6; 4 with audience large-print).',
      }),
      title: z.string().optional(),
      style: z
        .enum(['line', 'dashed', 'highlight'])
        .optional()
        .meta({ description: 'How the answer path is drawn (default line).' }),
      pointers: z.boolean().optional().meta({
        description: 'Print "Answer on page N" on every puzzle page (default true with an appendix).',
      }),
    }),
  ],
  { error: 'expected true, false, inline, or {appendix, per-page, title, style, pointers}' },
);

/** Interior paper stocks; which a profile offers (and their thickness) is in plan/cover-geometry.ts. */
export const paperStocks = ['white', 'cream', 'color', 'premium-color'] as const;
export type PaperStock = (typeof paperStocks)[number];

const coverFont = z.string().min(1).meta({
  description: 'lato, lato-bold, comic-neue, comic-neue-bold, or a TTF/OTF file relative to the spec.',
});

/** `cover:` a full-wrap cover (back, spine, front) written next to the interior (docs/spec.md, "Cover"). */
export const coverSchema = z
  .strictObject({
    'paper-stock': z
      .enum(paperStocks)
      .optional()
      .meta({ description: 'Interior paper, which sets the spine width (default white).' }),
    title: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Front title (default the book title).' }),
    subtitle: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .meta({ description: 'Front subtitle (default the book subtitle).' }),
    author: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Front and spine author (default the book author).' }),
    maze: mazeSchema.optional().meta({ description: 'The front-art maze, with any maze field.' }),
    solution: z
      .boolean()
      .optional()
      .meta({ description: 'Print the front maze solved, small, on the back (default false).' }),
    blurb: z.string().min(1).max(3000).optional().meta({
      description: 'Back text: paragraphs split by blank lines; **bold** and *italic*.',
    }),
    thumbnails: z
      .array(z.string().min(1).max(80))
      .min(1)
      .max(4)
      .optional()
      .meta({ description: 'Page keys of up to four puzzles shown small on the back.' }),
    spine: z
      .union(
        [
          z.literal(false),
          z.strictObject({
            title: z.string().min(1).max(200).optional(),
            author: z.string().min(1).max(200).optional(),
          }),
        ],
        { error: 'expected false, or {title, author}' },
      )
      .optional()
      .meta({ description: 'Spine text (default the cover title and author), or false for none.' }),
    barcode: z
      .boolean()
      .optional()
      .meta({ description: 'Keep the back’s barcode area empty (default true).' }),
    theme: themeOverride
      .optional()
      .meta({ description: 'Cover-only theme changes over the book’s theme (colours, fonts).' }),
    fonts: z
      .strictObject({ bold: coverFont.optional(), italic: coverFont.optional() })
      .optional()
      .meta({ description: 'Fonts of **bold** and *italic* blurb text.' }),
    ebook: z
      .boolean()
      .optional()
      .meta({ description: 'Also write the front as a 1600×2560 px PNG for an ebook (default false).' }),
    badge: z
      .string()
      .min(1)
      .max(60)
      .optional()
      .meta({ description: 'A round badge on the front, e.g. "100 mazes · ages 6–9" or "Large print".' }),
    pattern: z
      .boolean()
      .optional()
      .meta({ description: 'Maze-pattern bands across the top and bottom of the front (default true).' }),
  })
  .meta({ description: 'A print-ready full-wrap cover, written next to the interior.' });

export type CoverSpec = z.infer<typeof coverSchema>;

export const bookSchema = z
  .strictObject({
    title: z
      .string()
      .min(1)
      .meta({ description: 'Book title, shown on the title page and in the PDF metadata.' }),
    subtitle: z.string().optional(),
    author: z.string().optional(),
    seed: z
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional()
      .meta({ description: 'Book seed; every maze derives its seed from it and its page key.' }),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?Z)?$/, { error: 'expected a date such as 2026-05-01' })
      .refine(isRealDate, { error: 'expected a real calendar date such as 2026-05-01' })
      .optional()
      .meta({
        description: 'Date written into the PDF (creation and modification); fixed so rebuilds match.',
      }),
    paper: paper.optional(),
    orientation: z.enum(['portrait', 'landscape']).optional(),
    margins: margins.optional(),
    theme: z
      .union([z.string().min(1), themeOverride], {
        error: 'expected a theme name, a path to a theme file, or {base, …overrides}',
      })
      .optional()
      .meta({
        description: 'Theme name from themes/, a path to a theme file, or a base theme with overrides.',
      }),
    defaults: defaultsSchema.optional(),
    front: z.array(frontItem).optional(),
    pages: z.array(pageSchema).min(1).max(LIMITS.maxPages),
    solutions: solutionsSchema.optional(),
    'per-page': z
      .literal([1, 2, 4, 6])
      .optional()
      .meta({ description: 'Mazes per puzzle page: 1, or 2, 4 or 6 for activity sheets (default 1).' }),
    'name-date': z.boolean().optional().meta({
      description:
        'Print "Name: ____  Date: ____" on every puzzle page, and on every slip of an activity sheet.',
    }),
    audience: audience.optional(),
    'min-passage': minPassage.optional(),
    decorations: z.array(z.string().min(1).max(40)).min(1).max(2).optional().meta({
      description:
        'One or two bundled pictures drawn small in the top corners of every puzzle page, beside its title.',
    }),
    duplex: z.enum(['long-edge', 'short-edge', 'none']).optional().meta({
      description:
        'How sheets with answers on the back are printed: flipped on the long edge (default), the short edge, or single-sided.',
    }),
    ink: z.enum(['black', 'standard-color', 'premium-color']).optional().meta({
      description:
        'The interior ink: black (only greys; the default with profile kdp, lulu or ingram), standard-color or premium-color.',
    }),
    'page-tint': z.boolean().optional().meta({
      description:
        'With ink: black, print the page tint the theme’s grayscale rule asks for (default false).',
    }),
    'show-seed': z.boolean().optional().meta({
      description:
        'Print "Seed N" on the title page and "Seed N · mazebook" on the copyright page (default false).',
    }),
    bleed: lengthOrZero
      .optional()
      .meta({ description: 'Extra paper beyond the trim on the outer edges, e.g. 0.125in (default 0).' }),
    profile: z
      .enum(profileNames)
      .optional()
      .meta({ description: 'Rules of the printer or use the PDF is for (see docs/spec.md).' }),
    color: z.enum(['rgb', 'cmyk']).optional().meta({ description: 'Colour space of the PDF (default rgb).' }),
    locale: z
      .enum(localeCodes)
      .optional()
      .meta({ description: 'Language of the built-in words: Solutions, Puzzle, page… (default en).' }),
    'show-difficulty': z.enum(['none', 'stars', 'label']).optional().meta({
      description: 'Under each puzzle title: five stars, the difficulty label, or nothing (default).',
    }),
    'difficulty-model': z.string().min(1).optional().meta({
      description:
        'A difficulty model file (YAML, relative to the spec) whose weights score every maze, e.g. one `mazebook calibrate` fitted to measured solve times (default: the model shipped with mazebook).',
    }),
    cover: coverSchema.optional(),
  })
  .meta({ title: 'mazebook book spec' });

export type BookSpec = z.infer<typeof bookSchema>;
export type MazeSpec = z.infer<typeof mazeSchema>;
export type PageSpec = z.infer<typeof pageSchema>;
export type EndSpec = NonNullable<MazeSpec['entry']>;
export type RuleSpec = NonNullable<MazeSpec['rule']>;
