/** Regenerates the golden files on purpose: `npm run golden`. Review the diff before committing. */
import { writeFileSync } from 'node:fs';
import { GOLDEN_SVG, renderGoldenSvg } from './golden-cases.js';

writeFileSync(GOLDEN_SVG, renderGoldenSvg());
process.stdout.write(`wrote ${GOLDEN_SVG}\n`);
