/** Regenerates the golden files on purpose: `npm run golden`. Review the diff before committing. */
import { writeFileSync } from 'node:fs';
import { GOLDEN_SVG, renderGoldenSvg } from './golden-cases.js';

writeFileSync(GOLDEN_SVG, await renderGoldenSvg());
process.stdout.write(`wrote ${GOLDEN_SVG}\n`);
