import { z } from 'zod';
import { LENGTH_PATTERN, MAX_LENGTH, toPoints } from './units.js';

const color = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, { error: 'expected a colour such as #1b1b1b or #333' })
  .meta({ description: 'An sRGB colour as #rrggbb or #rgb.' });

const grey = z
  .string()
  .regex(/^#(?:([0-9a-fA-F])\1\1|([0-9a-fA-F]{2})\2\2)$/, {
    error: 'expected a grey such as #595959 or #ccc (red, green and blue equal)',
  })
  .meta({ description: 'A grey as #rrggbb or #rgb with equal channels.' });

const LENGTH_EXPECTED = 'expected a length such as 1.2pt or 0.4mm';
const TOO_LONG = `must be at most 200in (${MAX_LENGTH}pt)`;
const length = z.union(
  [
    z.number().positive({ error: LENGTH_EXPECTED }).max(MAX_LENGTH, { error: TOO_LONG }),
    z
      .string()
      .regex(LENGTH_PATTERN, { error: LENGTH_EXPECTED })
      .refine((s) => !LENGTH_PATTERN.test(s) || (toPoints(s) > 0 && toPoints(s) <= MAX_LENGTH), {
        error: `must be above 0 and ${TOO_LONG.replace('must be ', '')}`,
      }),
  ],
  { error: LENGTH_EXPECTED },
);

/** A theme file (`themes/*.yaml`) as written; every field is required so a theme is complete on its own. */
export const themeSchema = z
  .strictObject({
    name: z.string().min(1),
    description: z.string().optional(),
    print: z.boolean().optional().meta({
      description:
        'false for themes that do not suit print (such as a dark page); print profiles warn. Default true.',
    }),
    colors: z.strictObject({
      page: color.meta({ description: 'Paper colour; white is not painted.' }),
      background: color
        .optional()
        .meta({ description: "Fill behind the maze's cells area (default: none, the page shows through)." }),
      walls: color,
      solution: color,
      markers: color,
      text: color,
      muted: color.meta({ description: 'Page numbers, labels and other secondary text.' }),
      letters: color.optional().meta({ description: 'Mazegram letters (default: text).' }),
    }),
    grayscale: z
      .strictObject({
        markers: grey.optional().meta({ description: 'Start and finish markers (default #000000).' }),
        muted: grey.optional().meta({ description: 'Page numbers and labels (default #595959).' }),
        solution: grey
          .optional()
          .meta({ description: 'The wide light band under the answer route (default #c8c8c8).' }),
        'solution-line': grey
          .optional()
          .meta({ description: 'The dark centre line of the answer route (default #000000).' }),
        page: grey.optional().meta({
          description: 'A page tint, printed only when the spec confirms it with page-tint: true.',
        }),
        background: grey
          .optional()
          .meta({ description: 'A tint behind the maze, printed only with page-tint: true.' }),
      })
      .optional()
      .meta({
        description:
          'How the theme prints with ink: black. Walls, text and letters are always 100 % black; these greys replace the other colours.',
      }),
    walls: z.strictObject({
      width: length,
      cap: z.enum(['butt', 'square', 'round']),
      join: z.enum(['miter', 'round', 'bevel']),
    }),
    solution: z.strictObject({ width: length }),
    markers: z.strictObject({ size: length.meta({ description: 'Size of the start and finish arrows.' }) }),
    fonts: z.strictObject({
      heading: z.string().min(1).meta({ description: 'TTF/OTF file, relative to the theme file.' }),
      body: z.string().min(1),
    }),
    sizes: z.strictObject({
      title: length,
      subtitle: length,
      heading: length,
      body: length,
      label: length,
      folio: length,
    }),
  })
  .meta({ title: 'mazebook theme' });

export type ThemeSpec = z.infer<typeof themeSchema>;
