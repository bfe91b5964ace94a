import { z } from 'zod';
import { LIMITS } from '../base/limits.js';
import { bookSchema, coverSchema } from '../spec/schema.js';

/**
 * The catalogue file (`mazebook batch CATALOGUE.yaml`): a name, values every book takes unless it gives its
 * own, and the books, each a book spec relative to the catalogue, with its own values. Fields are documented
 * in docs/batch.md.
 */

/** A book's id: its folder in the output, and the stem of its files. */
export const BOOK_ID = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/;

/** KDP takes seven keywords (phrases), each up to 50 characters. */
const MAX_KEYWORDS = 7;

/** Values a book may take from the catalogue: some replace its spec's, the rest describe it for upload. */
const bookFields = {
  title: bookSchema.shape.title.optional().meta({ description: 'Replaces the spec’s title.' }),
  subtitle: z.string().min(1).max(300).optional().meta({ description: 'Replaces the spec’s subtitle.' }),
  author: z.string().min(1).max(200).optional().meta({ description: 'Replaces the spec’s author.' }),
  seed: bookSchema.shape.seed.meta({ description: 'Replaces the spec’s seed.' }),
  date: bookSchema.shape.date,
  blurb: coverSchema.shape.blurb.meta({
    description: 'The back-cover text and the description in the metadata; replaces cover.blurb.',
  }),
  badge: coverSchema.shape.badge.meta({ description: 'Replaces cover.badge.' }),
  'paper-stock': coverSchema.shape['paper-stock'].meta({ description: 'Replaces cover.paper-stock.' }),
  series: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'The series the book belongs to, for the upload form.' }),
  keywords: z
    .array(z.string().min(1).max(50))
    .min(1)
    .max(MAX_KEYWORDS)
    .optional()
    .meta({ description: 'Search keywords for the upload form: up to 7, each up to 50 characters.' }),
};

export const catalogueDefaultsSchema = z.strictObject(bookFields);

export const catalogueBookSchema = z.strictObject({
  spec: z
    .string()
    .min(1)
    .max(1000)
    .meta({ description: 'The book spec, relative to the catalogue (inside its folder).' }),
  id: z
    .string()
    .regex(BOOK_ID, {
      error:
        'expected an id of lower-case letters, digits, - and _ (1 to 64, starting and ending with a letter or digit)',
    })
    .optional()
    .meta({
      description: 'The book’s folder in the output and its files’ name (default from the spec’s name).',
    }),
  volume: z.int().min(1).max(9999).optional().meta({ description: 'The book’s number in its series.' }),
  ...bookFields,
});

export const catalogueSchema = z
  .strictObject({
    catalogue: z.string().min(1).max(200).meta({ description: 'The catalogue’s name.' }),
    defaults: catalogueDefaultsSchema
      .optional()
      .meta({ description: 'Values every book takes unless it gives its own.' }),
    books: z
      .array(
        z.union([z.string().min(1).max(1000), catalogueBookSchema], {
          error: 'expected a book spec’s path, or {spec: path, …values}',
        }),
      )
      .min(1)
      .max(LIMITS.maxCatalogueBooks),
  })
  .meta({ title: 'mazebook catalogue' });

export type CatalogueSpec = z.infer<typeof catalogueSchema>;
export type CatalogueBookSpec = z.infer<typeof catalogueBookSchema>;
export type CatalogueDefaults = z.infer<typeof catalogueDefaultsSchema>;
