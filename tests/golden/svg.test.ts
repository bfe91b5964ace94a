import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLDEN_SVG, renderGoldenSvg } from './golden-cases.js';

describe('golden SVG of a seeded page', () => {
  it('matches tests/golden/sample-page.svg (regenerate on purpose with `npm run golden`)', async () => {
    const svg = await renderGoldenSvg();
    if (!existsSync(GOLDEN_SVG)) {
      writeFileSync(GOLDEN_SVG, svg);
      throw new Error(`wrote the missing golden ${GOLDEN_SVG}; check it and commit it`);
    }
    expect(svg).toBe(readFileSync(GOLDEN_SVG, 'utf8'));
  });
});
