/** Regenerates the golden files on purpose: `npm run golden`. Review the diff before committing. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bookJsonSchemaText } from '../../src/spec/json-schema.js';
import { GOLDEN_SVG, renderGoldenSvg } from './golden-cases.js';

writeFileSync(GOLDEN_SVG, await renderGoldenSvg());
process.stdout.write(`wrote ${GOLDEN_SVG}\n`);
const schema = resolve('docs/book.schema.json');
writeFileSync(schema, bookJsonSchemaText());
process.stdout.write(`wrote ${schema}\n`);
