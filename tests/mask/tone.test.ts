import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { UserError } from '../../src/base/errors.js';
import { LIMITS } from '../../src/base/limits.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { kruskal } from '../../src/generate/kruskal.js';
import type { Maze } from '../../src/generate/maze.js';
import type { AdaptiveTiling } from '../../src/grid/adaptive.js';
import { type Grid, subGrid } from '../../src/grid/grid.js';
import type { Raster } from '../../src/grid/raster.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { tonedOverhang, tonedWallItems } from '../../src/layout/draw-toned-walls.js';
import { wallPaths } from '../../src/layout/wall-paths.js';
import { coverage } from '../../src/mask/apply.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { idealSpacing, minUnit, type ToneRequest, toneGrid, toneMapping } from '../../src/mask/tone.js';
import { decodeLightness } from '../../src/mask/tone-image.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { CURVE, LINE, MOVE } from '../../src/vector/path-data.js';
import { checkGridInvariants, isSpanningTree, straightPieces } from '../helpers.js';

const FLOORS = { passage: 3, line: 0.5 };

/** A left-to-right grey ramp, black to white. */
function ramp(width = 128, height = 64): Raster {
  const data = new Float32Array(width * height);
  for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) data[j * width + i] = (i + 0.5) / width;
  return { width, height, data };
}

function request(tiling: AdaptiveTiling, lightness: Raster, columns = 12, rows = 6): ToneRequest {
  return { lightness, tiling, columns, rows, levels: 3, unit: minUnit(tiling, FLOORS), ...FLOORS };
}

const wallLength = (g: Grid, w: number): number =>
  Math.hypot(
    g.vertexX[g.wallV1[w]] - g.vertexX[g.wallV0[w]],
    g.vertexY[g.wallV1[w]] - g.vertexY[g.wallV0[w]],
  );

describe('the tone mapping (§6.1)', () => {
  it("has the paper's range and crossover on squares", () => {
    const m = toneMapping('square', FLOORS, 3.5, 3);
    expect(m.sMin).toBeCloseTo(3.5, 9);
    expect(m.sMax).toBeCloseTo(28, 9);
    expect(m.gMin).toBeCloseTo(3 / 28, 9);
    expect(m.gMax).toBeCloseTo(27.5 / 28, 9);
    expect(m.gThresh).toBeCloseTo(3 / 3.5, 9);
  });

  it('spaces lines closest at the crossover and wider towards black and white', () => {
    const m = toneMapping('square', FLOORS, 3.5, 3);
    const at = (g: number) => idealSpacing(m, g);
    const cross = (m.gThresh - m.gMin) / (m.gMax - m.gMin);
    expect(at(cross)).toBeCloseTo(3.5, 6);
    expect(at(0)).toBeCloseTo(28, 6);
    expect(at(1)).toBeCloseTo(28, 6);
    for (let g = 0; g < cross - 0.01; g += 0.05) expect(at(g)).toBeGreaterThan(at(g + 0.05) - 1e-9);
    for (let g = cross + 0.01; g < 0.95; g += 0.05) expect(at(g + 0.05)).toBeGreaterThan(at(g) - 1e-9);
  });

  it('needs a finest cell that holds the passage floor beside two floor walls', () => {
    expect(minUnit('square', FLOORS)).toBeCloseTo(3.5, 9);
    expect(minUnit('triangle', FLOORS)).toBeCloseTo(3.5 * Math.sqrt(3), 9);
    expect(() => toneGrid({ ...request('square', ramp()), unit: 3 })).toThrow(/below the floors/);
  });
});

describe.each(['square', 'triangle'] as const)('a tone grid on %s cells', (tiling) => {
  const req = request(tiling, ramp());
  const grid = toneGrid(req);
  const widths = grid.tone!.wallWidth;

  it('is a valid grid whose every algorithm result is a spanning tree, solved through open walls', () => {
    checkGridInvariants(grid);
    expect(grid.vertexCount - grid.wallCount + grid.cellCount).toBe(1);
    const maze = placeEnds(
      grid,
      kruskal(grid, createRng(deriveSeed(1, tiling)), { straightness: 0 }),
      { kind: 'auto' },
      { kind: 'auto' },
      't',
    );
    expect(isSpanningTree(maze)).toBe(true);
    for (const w of solve(maze).walls) expect(maze.open[w]).toBe(1);
  });

  it('keeps every wall between the line floor and what leaves the passage floor clear', () => {
    const passage = tiling === 'square' ? 1 : 1 / Math.sqrt(3);
    expect(widths.length).toBe(grid.wallCount);
    for (let w = 0; w < grid.wallCount; w++) {
      expect(widths[w] * req.unit).toBeGreaterThanOrEqual(FLOORS.line - 1e-4);
      // The clear passage beside the wall, in the smaller cell it borders, stays at least the floor.
      expect((passage * wallLength(grid, w) - widths[w]) * req.unit).toBeGreaterThanOrEqual(
        FLOORS.passage - 1e-4,
      );
    }
  });

  it('reproduces the ramp: the inked share of each band across it follows the darkness', () => {
    // Walls painted as round-capped strokes onto a bitmap (8 px per grid unit), their ink share in ten bands
    // across the ramp against the ramp's darkness there; the rendered-and-blurred measurement is in
    // bench/picture.ts.
    const maze = placeEnds(
      grid,
      kruskal(grid, createRng(deriveSeed(2, tiling)), { straightness: 0 }),
      { kind: 'auto' },
      { kind: 'auto' },
      't',
    );
    const coverage = paintWalls(grid, maze.open, 8);
    const bands = 10;
    const ink = new Float64Array(bands);
    const count = new Float64Array(bands);
    for (let j = 0; j < coverage.height; j++) {
      for (let i = 0; i < coverage.width; i++) {
        const b = Math.min(bands - 1, Math.floor((i / coverage.width) * bands));
        ink[b] += coverage.data[j * coverage.width + i];
        count[b]++;
      }
    }
    const share = Array.from(ink, (v, b) => v / count[b]);
    const dark = Array.from({ length: bands }, (_, b) => 1 - (b + 0.5) / bands);
    // Triangles reach less of the range: their clear passage is only ⅔ of their wall spacing, so the darkest
    // tone they can show is ⅓ + P_min/S_max, and the ramp's dark end flattens.
    expect(correlation(share, dark)).toBeGreaterThan(tiling === 'square' ? 0.95 : 0.8);
    // Mid-light tones get the finest cells, black the coarsest.
    const sizeAt = (fx: number) => {
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < grid.cellCount; c++) {
        const d = Math.abs(grid.cellX[c] - fx * grid.width) + Math.abs(grid.cellY[c] - grid.height / 2);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      let shortest = Infinity;
      for (let k = grid.adjStart[best]; k < grid.adjStart[best + 1]; k++)
        shortest = Math.min(shortest, wallLength(grid, grid.adjWall[k]));
      return shortest;
    };
    expect(sizeAt(0.03)).toBeGreaterThan(sizeAt(0.85));
  });

  it('draws the walls as a few stroked bands that put down the ink the widths ask for', () => {
    const maze = placeEnds(
      grid,
      kruskal(grid, createRng(deriveSeed(3, tiling)), { straightness: 0 }),
      { kind: 'auto' },
      { kind: 'auto' },
      't',
    );
    const scale = 2;
    const items = tonedWallItems(
      maze,
      { ox: 10, oy: 10, scale },
      { color: '#000', width: 1, cap: 'square', join: 'miter' },
    );
    expect(items.length).toBeGreaterThan(3);
    expect(items.length).toBeLessThan(60);
    let wanted = 0;
    let standing = 0;
    for (let w = 0; w < grid.wallCount; w++) {
      if (maze.open[w]) continue;
      wanted += widths[w] * wallLength(grid, w) * scale * scale;
      standing += wallLength(grid, w) * scale;
    }
    let drawn = 0;
    let drawnLength = 0;
    for (const item of items) {
      const len = straightLength(item.path);
      drawn += (item.stroke?.width ?? 0) * len;
      drawnLength += len;
      expect(item.stroke?.color).toBe('#000');
    }
    // Every standing wall drawn once (merged runs keep their length), with the ink of the exact widths.
    expect(drawnLength).toBeCloseTo(standing, 6);
    expect(drawn / wanted).toBeCloseTo(1, 6);
    // Bands are ordered thin to thick and no two share a width.
    for (let i = 1; i < items.length; i++) {
      expect(items[i].stroke?.width).toBeGreaterThan(items[i - 1].stroke?.width ?? 0);
    }
  });
});

/** 1 for each pixel (px per grid unit) within half a wall's width of a standing wall. */
function paintWalls(grid: Grid, open: Uint8Array, px: number): Raster {
  const width = Math.ceil(grid.width * px);
  const height = Math.ceil(grid.height * px);
  const data = new Float32Array(width * height);
  const widths = grid.tone!.wallWidth;
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w]) continue;
    const ax = grid.vertexX[grid.wallV0[w]] * px;
    const ay = grid.vertexY[grid.wallV0[w]] * px;
    const bx = grid.vertexX[grid.wallV1[w]] * px;
    const by = grid.vertexY[grid.wallV1[w]] * px;
    const r = (widths[w] * px) / 2;
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
    for (
      let j = Math.max(0, Math.floor(Math.min(ay, by) - r));
      j < Math.min(height, Math.max(ay, by) + r);
      j++
    ) {
      for (
        let i = Math.max(0, Math.floor(Math.min(ax, bx) - r));
        i < Math.min(width, Math.max(ax, bx) + r);
        i++
      ) {
        const t = Math.max(0, Math.min(1, ((i + 0.5 - ax) * (bx - ax) + (j + 0.5 - ay) * (by - ay)) / len2));
        if (Math.hypot(i + 0.5 - ax - t * (bx - ax), j + 0.5 - ay - t * (by - ay)) <= r)
          data[j * width + i] = 1;
      }
    }
  }
  return { width, height, data };
}

describe('tone grids under a mask', () => {
  it('cut to a shape, keep their wall widths, make spanning trees, and say how far thick rims reach out', () => {
    const full = toneGrid(request('square', ramp(), 10, 10));
    const keep = coverage(full, builtinShape('heart'));
    const heart = subGrid(full, keep);
    checkGridInvariants(heart);
    expect(heart.tone?.wallWidth?.length).toBe(heart.wallCount);
    expect(heart.cellCount).toBeLessThan(full.cellCount);
    const maze = placeEnds(
      heart,
      kruskal(heart, createRng(deriveSeed(9, 'heart')), { straightness: 0 }),
      { kind: 'auto' },
      { kind: 'auto' },
      't',
    );
    expect(isSpanningTree(maze)).toBe(true);
    let widest = 0;
    for (const w of heart.rimWall) widest = Math.max(widest, heart.tone?.wallWidth?.[w] ?? 0);
    expect(tonedOverhang(heart)).toBe(widest / 2);
    expect(tonedOverhang(buildSquareGrid({ columns: 2, rows: 2 }))).toBe(0);
  });
});

describe('toned walls on other grids', () => {
  it('draws arcs in place: one width gives one band with the plain wall drawing', () => {
    const maze = squareMazeOf('circle');
    const grid: Grid = { ...maze.grid, tone: { wallWidth: new Float32Array(maze.grid.wallCount).fill(0.1) } };
    const place = { ox: 5, oy: 7, scale: 3 };
    const items = tonedWallItems({ ...maze, grid }, place, {
      color: '#111',
      width: 1,
      cap: 'round',
      join: 'round',
    });
    expect(items).toHaveLength(1);
    expect(items[0].stroke?.width).toBeCloseTo(0.3, 6);
    expect(bounds(items[0].path)).toEqual(bounds(wallPaths(maze, place)));
  });
});

function squareMazeOf(shape: 'circle'): Maze {
  return generateMaze(
    {
      shape,
      size: { columns: 6, rows: 6 },
      algorithm: 'kruskal',
      options: { straightness: 0 },
      entry: { kind: 'auto' },
      exit: { kind: 'auto' },
    },
    deriveSeed(5, shape),
    'test',
  );
}

/** The extent of what a path draws (curves sampled, so control points do not count), to 1e-3. */
const bounds = (path: { cmds: Uint8Array; coords: Float64Array }): number[] => {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number): void => {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  };
  const c = path.coords;
  let j = 0;
  let x = 0;
  let y = 0;
  for (const cmd of path.cmds) {
    if (cmd === MOVE || cmd === LINE) {
      x = c[j];
      y = c[j + 1];
      add(x, y);
      j += 2;
    } else if (cmd === CURVE) {
      for (let k = 1; k <= 64; k++) {
        const t = k / 64;
        const u = 1 - t;
        add(
          u * u * u * x + 3 * u * u * t * c[j] + 3 * u * t * t * c[j + 2] + t * t * t * c[j + 4],
          u * u * u * y + 3 * u * u * t * c[j + 1] + 3 * u * t * t * c[j + 3] + t * t * t * c[j + 5],
        );
      }
      x = c[j + 4];
      y = c[j + 5];
      j += 6;
    }
  }
  return [x0, y0, x1, y1].map((v) => Math.round(v * 1e3) / 1e3);
};

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

/** Total length of a path made of straight pieces. */
function straightLength(path: { cmds: Uint8Array; coords: Float64Array }): number {
  return straightPieces(path).reduce((len, [x0, y0, x1, y1]) => len + Math.hypot(x1 - x0, y1 - y0), 0);
}

/** A PNG with a real header of the given size and almost no pixel data (a decompression bomb's shape). */
function pngHeaderOnly(width: number, height: number): Buffer {
  const crc32 = (buf: Buffer): number => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('decodeLightness', () => {
  const png = (width: number, height: number, paint: (x: number) => number) => {
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) raw.fill(paint(x), (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  };
  const fails = async (p: Promise<unknown>): Promise<UserError> => {
    const e = await p.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(UserError);
    return e as UserError;
  };

  it('reads grey levels as lightness, with gamma and contrast', async () => {
    const bytes = await png(64, 8, (x) => (x < 32 ? 51 : 204));
    const plain = await decodeLightness(bytes, 'grey.png', 'spec.yaml');
    expect(plain.width).toBe(64);
    expect(plain.data[0]).toBeCloseTo(0.2, 2);
    expect(plain.data[63]).toBeCloseTo(0.8, 2);
    const darker = await decodeLightness(bytes, 'grey.png', 'spec.yaml', { gamma: 2 });
    expect(darker.data[63]).toBeCloseTo(0.64, 2);
    const flat = await decodeLightness(bytes, 'grey.png', 'spec.yaml', { contrast: 0 });
    expect(flat.data[0]).toBeCloseTo(0.5, 6);
    const strong = await decodeLightness(bytes, 'grey.png', 'spec.yaml', { contrast: 3 });
    expect(strong.data[0]).toBe(0);
    expect(strong.data[63]).toBe(1);
  });

  it('counts transparent pixels as white paper and scales big pictures down', async () => {
    const clear = await sharp({ create: { width: 2000, height: 500, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const r = await decodeLightness(clear, 'clear.png', 'spec.yaml');
    expect(r.width).toBe(1024);
    expect(r.height).toBe(256);
    expect(r.data.every((v) => v === 1)).toBe(true);
  });

  it('says what is wrong with bad pictures and options', async () => {
    const bytes = await png(4, 4, () => 0);
    expect((await fails(decodeLightness(bytes, 'a.png', 'p', { gamma: 0 }))).what).toMatch(/gamma/);
    expect((await fails(decodeLightness(bytes, 'a.png', 'p', { contrast: -1 }))).what).toMatch(/contrast/);
    expect((await fails(decodeLightness(Buffer.from('not a picture'), 'a.png', 'p'))).what).toMatch(
      /not a picture/,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await fails(decodeLightness(svg, 'a.svg', 'p'))).what).toMatch(/SVG/);
    // A 69-byte PNG whose header says 6000×6000: refused from the header, never decoded.
    const bomb = pngHeaderOnly(6000, 6000);
    expect(bomb.length).toBeLessThan(100);
    expect(6000 * 6000).toBeGreaterThan(LIMITS.maxImagePixels);
    const e = await fails(decodeLightness(bomb, 'bomb.png', 'spec.yaml:3:5'));
    expect(e.what).toMatch(/6000×6000 pixels; the limit is/);
    expect(e.where).toBe('spec.yaml:3:5');
  });
});
