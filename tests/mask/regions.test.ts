import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { boxFrame, type Raster } from '../../src/grid/raster.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { flowOnGrid } from '../../src/mask/flow.js';
import {
  decodeRegionMap,
  NO_LABEL,
  parseHexColour,
  type RegionMap,
  regionsOnGrid,
} from '../../src/mask/regions.js';

const svg = (body: string, w = 200, h = 100) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`))
    .png()
    .toBuffer();

async function fails(p: Promise<unknown>): Promise<UserError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UserError);
  return e as UserError;
}

/** A region map made directly from a label function over a w×h raster. */
function mapOf(w: number, h: number, colours: string[], label: (x: number, y: number) => number): RegionMap {
  const data = new Uint8Array(w * h);
  const pixels = new Array<number>(colours.length).fill(0);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      data[y * w + x] = label(x + 0.5, y + 0.5);
      pixels[data[y * w + x]]++;
    }
  }
  return { labels: { width: w, height: h, data }, colours, listed: colours.length, pixels };
}

describe('decodeRegionMap', () => {
  it('labels flat colours and snaps anti-aliased edges to the nearer colour', async () => {
    // Red left, blue right, split by a tilted edge (anti-aliased), and a green disc.
    const bytes = await svg(
      '<rect width="200" height="100" fill="#ff0000"/><path d="M95 0 L130 0 L105 100 L70 100 Z" fill="#0000ff"/>' +
        '<rect x="130" width="70" height="100" fill="#0000ff"/><circle cx="40" cy="50" r="20" fill="#00a000"/>',
    );
    const map = await decodeRegionMap(bytes, ['#f00', '#0000FF', '#00a000'], 'regions.png', 'book.yaml:3:5');
    expect(map.colours).toEqual(['#ff0000', '#0000ff', '#00a000']);
    expect(map.listed).toBe(3);
    expect(map.labels.data.includes(NO_LABEL)).toBe(false);
    const at = (x: number, y: number) => map.labels.data[y * 200 + x];
    expect(at(10, 10)).toBe(0);
    expect(at(190, 10)).toBe(1);
    expect(at(40, 50)).toBe(2);
    // Every pixel is one of the three; the counts add up and the disc is about πr².
    expect(map.pixels.reduce((a, b) => a + b, 0)).toBe(200 * 100);
    expect(map.pixels[2]).toBeGreaterThan(Math.PI * 19 * 19);
    expect(map.pixels[2]).toBeLessThan(Math.PI * 21 * 21);
  });

  it('makes big unlisted colours regions of their own and leaves specks unlabelled', async () => {
    const bytes = await svg(
      '<rect width="200" height="100" fill="#ffffff"/><rect width="100" height="100" fill="#808000"/>' +
        '<rect x="150" y="50" width="2" height="2" fill="#00ffff"/>',
    );
    const map = await decodeRegionMap(bytes, ['#ffffff'], 'regions.png', 'here');
    expect(map.colours).toEqual(['#ffffff', '#808000']);
    expect(map.listed).toBe(1);
    expect(map.pixels[1]).toBe(100 * 100);
    expect(map.labels.data[50 * 200 + 150]).toBe(NO_LABEL);
  });

  it('refuses colours it cannot read', async () => {
    const bytes = await svg('<rect width="200" height="100" fill="#ffffff"/>');
    expect((await fails(decodeRegionMap(bytes, ['orange'], 'r.png', 'here'))).what).toMatch(
      /"orange" is not a colour/,
    );
    expect((await fails(decodeRegionMap(bytes, ['#fff', '#FFFFFF'], 'r.png', 'here'))).what).toMatch(
      /listed twice/,
    );
    expect((await fails(decodeRegionMap(bytes, [], 'r.png', 'here'))).what).toMatch(/between 1 and/);
    expect(parseHexColour('#aBc')).toBe(0xaabbcc);
  });
});

describe('regionsOnGrid', () => {
  const grid = buildSquareGrid({ columns: 20, rows: 10 });
  const frame = boxFrame(20, 10);

  it('gives each cell the region most of it shows, and cells under lines their neighbours’ region', () => {
    // Left 0, right 1, a drawn line (label 2) along x = 10 px... at 10 px per cell.
    const map = mapOf(200, 100, ['#000001', '#000002', '#000000'], (x) =>
      Math.abs(x - 103) < 4 ? 2 : x < 103 ? 0 : 1,
    );
    const { region, fixed } = regionsOnGrid(grid, map, ['region', 'region', 'lines'], frame);
    for (let c = 0; c < grid.cellCount; c++) {
      const x = grid.cellX[c];
      expect(region[c]).toBe(x < 10 ? 0 : 1);
    }
    // The line at x = 10.3 cells becomes the ten walls between columns 9 and 10, and nothing else.
    const drawn: number[] = [];
    for (let w = 0; w < grid.wallCount; w++) if (fixed[w]) drawn.push(w);
    expect(drawn).toEqual(Array.from({ length: 10 }, (_, y) => y * 21 + 10));
  });

  it('turns a slanted line into one unbroken chain of walls', () => {
    // A line from (1, 1) to (19, 8) cells, a quarter cell thick.
    const map = mapOf(200, 100, ['#ffffff', '#000000'], (px, py) => {
      const x = px / 10;
      const y = py / 10;
      const t = Math.max(0, Math.min(1, ((x - 1) * 18 + (y - 1) * 7) / (18 * 18 + 7 * 7)));
      return Math.hypot(x - 1 - 18 * t, y - 1 - 7 * t) < 0.125 ? 1 : 0;
    });
    const { fixed } = regionsOnGrid(grid, map, ['region', 'lines'], frame);
    // The drawn walls form one chain: a connected set of wall segments with exactly two free ends.
    const degree = new Map<number, number>();
    let walls = 0;
    for (let w = 0; w < grid.wallCount; w++) {
      if (!fixed[w]) continue;
      walls++;
      for (const v of [grid.wallV0[w], grid.wallV1[w]]) degree.set(v, (degree.get(v) ?? 0) + 1);
    }
    expect([...degree.values()].filter((d) => d === 1)).toHaveLength(2);
    expect([...degree.values()].every((d) => d <= 2)).toBe(true);
    expect(walls).toBe(degree.size - 1);
    // It crosses 18 columns and 7 rows: one wall per crossing.
    expect(walls).toBeGreaterThanOrEqual(24);
    expect(walls).toBeLessThanOrEqual(26);
  });
});

describe('flowOnGrid', () => {
  it('follows the edges of a striped picture, and is unsure where the picture is flat', () => {
    // Stripes running at 30° below horizontal (y down) on the left half; flat grey on the right.
    const w = 200;
    const h = 100;
    const data = new Float32Array(w * h);
    const angle = Math.PI / 6;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const across = -Math.sin(angle) * x + Math.cos(angle) * y;
        data[y * w + x] = x < 100 ? 0.5 + 0.5 * Math.sin(across / 3) : 0.5;
      }
    }
    const lightness: Raster = { width: w, height: h, data };
    const grid = buildSquareGrid({ columns: 20, rows: 10 });
    const flow = flowOnGrid(grid, lightness, boxFrame(20, 10), 1);
    const left = 4 * 20 + 4;
    const right = 4 * 20 + 16;
    expect(flow.angle[left]).toBeCloseTo(angle, 1);
    expect(flow.strength[left]).toBeGreaterThan(0.8);
    expect(flow.strength[right]).toBeLessThan(0.05);
  });
});
