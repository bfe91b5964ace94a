import { z } from 'zod';
import { bookSchema } from './schema.js';

/**
 * The book spec as a JSON Schema (draft 2020-12), generated from the same zod schema that validates specs,
 * so editors that read it (e.g. the YAML language server, through the `# yaml-language-server: $schema=…`
 * line) autocomplete and underline exactly what the builder accepts. Refinements that JSON Schema cannot
 * express (such as "min not above max") are checked by the builder only.
 */
/** The `$id` of the book spec's JSON Schema. */
export const BOOK_SCHEMA_ID = 'https://mazebook.invalid/schema/book.schema.json';

export function bookJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(bookSchema, { unrepresentable: 'any' }) as Record<string, unknown>;
  allowExtensionKeys(schema);
  return {
    ...schema,
    $id: BOOK_SCHEMA_ID,
    description: 'A mazebook book spec: see docs/spec.md.',
  };
}

/** The schema as the text of docs/book.schema.json (and of `mazebook schema`). */
export function bookJsonSchemaText(): string {
  return `${JSON.stringify(bookJsonSchema(), null, 2)}\n`;
}

/**
 * Lets every mapping that takes no other keys take extension fields (`x-…`, ignored by the builder, see
 * base/schema-keys.ts), so editors do not underline them. Changes the schema in place.
 */
function allowExtensionKeys(node: unknown): void {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === null || typeof n !== 'object') continue;
    if (Array.isArray(n)) {
      stack.push(...n);
      continue;
    }
    const o = n as Record<string, unknown>;
    if (o.type === 'object' && o.additionalProperties === false && o.properties !== undefined) {
      o.patternProperties = { '^x-': {} };
    }
    stack.push(...Object.values(o));
  }
}
