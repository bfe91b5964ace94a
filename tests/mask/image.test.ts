import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import { LIMITS } from '../../src/base/limits.js';
import { imageShape, trimBitmap } from '../../src/mask/image.js';
import type { MaskShape } from '../../src/mask/shape.js';

type Rgba = readonly [number, number, number, number];

/** An 8-bit RGBA picture drawn pixel by pixel; `paint(x, y)` gets pixel-centre coordinates. */
function picture(width: number, height: number, paint: (x: number, y: number) => Rgba): Sharp {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(paint(x + 0.5, y + 0.5), (y * width + x) * 4);
  }
  return sharp(raw, { raw: { width, height, channels: 4 } });
}

const WHITE: Rgba = [255, 255, 255, 255];
const BLACK: Rgba = [0, 0, 0, 255];
const CLEAR: Rgba = [255, 255, 255, 0];

/** Share of an n×n grid of points over [-1, 1]² that is inside. */
function insideShare(shape: MaskShape, n = 100): number {
  let hits = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (shape.inside(-1 + (2 * c + 1) / n, -1 + (2 * r + 1) / n)) hits++;
  }
  return hits / (n * n);
}

async function userError(promise: Promise<unknown>): Promise<UserError> {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UserError);
  return e as UserError;
}

let dir: string;
const at = (name: string): string => join(dir, name);
const bytes = (name: string): Buffer => readFileSync(at(name));
/** Reads a picture through the file door, as a build does. */
const viaFiles = (name: string, from: string): Buffer => {
  const files = createFileAccess(defaultPathPolicy(dir));
  return files.read(files.named(dir, name, from, 'image'));
};
const disc = (x: number, y: number): Rgba => ((x - 200) ** 2 + (y - 150) ** 2 < 100 ** 2 ? BLACK : WHITE);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mazebook-mask-image-'));
  // A black disc of radius 100 centred on a 400×300 white page.
  await picture(400, 300, disc).png().toFile(at('disc.png'));
  await picture(400, 300, disc).flatten().jpeg({ quality: 85 }).toFile(at('disc.jpg'));
  await picture(400, 300, disc).webp({ quality: 80 }).toFile(at('disc.webp'));
  // Two white, opaque 60×60 squares on a transparent 200×200 page: top-left and bottom-right.
  await picture(200, 200, (x, y) => {
    const a = x > 20 && x < 80 && y > 20 && y < 80;
    const b = x > 120 && x < 180 && y > 120 && y < 180;
    return a || b ? WHITE : CLEAR;
  })
    .png()
    .toFile(at('squares.png'));
  // A black 300×100 bar on a white 400×400 page.
  await picture(400, 400, (x, y) => (x > 50 && x < 350 && y > 150 && y < 250 ? BLACK : WHITE))
    .png()
    .toFile(at('bar.png'));
  // Thirds of a 300×100 page: light grey (darkness ≈ 0.37), black, white.
  await picture(300, 100, (x) => (x < 100 ? [160, 160, 160, 255] : x < 200 ? BLACK : WHITE))
    .png()
    .toFile(at('grey.png'));
  // Thirds of a 300×100 page: opaque black, black at alpha 100/255 ≈ 0.39, transparent.
  await picture(300, 100, (x) => (x < 100 ? BLACK : x < 200 ? [0, 0, 0, 100] : CLEAR))
    .png()
    .toFile(at('alpha.png'));
  await picture(64, 64, () => WHITE)
    .png()
    .toFile(at('white.png'));
  await picture(64, 64, () => BLACK)
    .png()
    .toFile(at('black.png'));
  writeFileSync(at('notes.png'), 'this is not a picture\n');
  writeFileSync(
    at('drawing.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>',
  );
});

describe('imageShape', () => {
  it('reproduces a dark disc on white, trimmed to the disc', async () => {
    const shape = await imageShape(bytes('disc.png'), 'disc.png', 'spec.yaml:3:5', {});
    expect(shape.label).toBe('image disc.png');
    // Trimmed to the disc's 200×200 box, not the 400×300 page.
    expect(shape.aspect).toBeCloseTo(1, 1);
    expect(insideShare(shape)).toBeCloseTo(Math.PI / 4, 1);
    expect(shape.inside(0, 0)).toBe(true);
    expect(shape.inside(0.9, 0)).toBe(true);
    expect(shape.inside(0, -0.9)).toBe(true);
    expect(shape.inside(0.9, 0.9)).toBe(false);
    expect(shape.inside(-0.9, -0.9)).toBe(false);
  });

  it.each(['disc.jpg', 'disc.webp'])('reads lossy %s the same way', async (name) => {
    const shape = await imageShape(bytes(name), name, 'spec.yaml', {});
    expect(shape.aspect).toBeCloseTo(1, 1);
    expect(Math.abs(insideShare(shape) - Math.PI / 4)).toBeLessThan(0.02);
    expect(shape.inside(0, 0)).toBe(true);
    expect(shape.inside(0.9, 0.9)).toBe(false);
  });

  it('uses opacity when the picture has transparency, whatever the colour', async () => {
    const shape = await imageShape(bytes('squares.png'), 'squares.png', 'spec.yaml', {});
    // Trimmed to 160×160 holding two 60×60 squares.
    expect(shape.aspect).toBeCloseTo(1, 2);
    expect(insideShare(shape)).toBeCloseTo((2 * 60 * 60) / (160 * 160), 2);
    expect(shape.inside(-0.6, 0.6)).toBe(true);
    expect(shape.inside(0.6, -0.6)).toBe(true);
    expect(shape.inside(0.6, 0.6)).toBe(false);
    expect(shape.inside(-0.6, -0.6)).toBe(false);
    expect(shape.inside(0, 0)).toBe(false);
  });

  it('keeps the aspect with fit: contain and drops it with fit: stretch', async () => {
    const contain = await imageShape(bytes('bar.png'), 'bar.png', 'spec.yaml', { fit: 'contain' });
    expect(contain.aspect).toBeCloseTo(3, 1);
    expect(insideShare(contain)).toBe(1);
    const stretch = await imageShape(bytes('bar.png'), 'bar.png', 'spec.yaml', { fit: 'stretch' });
    expect(stretch.aspect).toBeUndefined();
  });

  it('inverts: the page around the disc is inside and the disc is a hole', async () => {
    const shape = await imageShape(bytes('disc.png'), 'disc.png', 'spec.yaml', { invert: true });
    expect(shape.aspect).toBeCloseTo(400 / 300, 2);
    expect(shape.inside(0, 0)).toBe(false);
    expect(shape.inside(0.95, 0.95)).toBe(true);
    expect(insideShare(shape)).toBeCloseTo(1 - (Math.PI * 100 * 100) / (400 * 300), 1);
  });

  it('moves the cut-off with threshold', async () => {
    const strict = await imageShape(bytes('grey.png'), 'grey.png', 'spec.yaml', { threshold: 0.5 });
    expect(strict.aspect).toBeCloseTo(1, 2); // only the black third
    const loose = await imageShape(bytes('grey.png'), 'grey.png', 'spec.yaml', { threshold: 0.3 });
    expect(loose.aspect).toBeCloseTo(2, 2); // grey joins in
    expect(insideShare(loose)).toBe(1);
  });

  it('compares opacity with threshold when the picture has transparency', async () => {
    const half = await imageShape(bytes('alpha.png'), 'alpha.png', 'spec.yaml', { threshold: 0.5 });
    expect(half.aspect).toBeCloseTo(1, 2); // alpha 0.39 is below 0.5: the opaque third only
    const more = await imageShape(bytes('alpha.png'), 'alpha.png', 'spec.yaml', { threshold: 0.3 });
    expect(more.aspect).toBeCloseTo(2, 2); // two thirds
    expect(insideShare(more)).toBe(1);
  });

  it('scales large pictures down before thresholding', async () => {
    const name = 'big-disc.png';
    await picture(2400, 1200, (x, y) => ((x - 1200) ** 2 + (y - 600) ** 2 < 500 ** 2 ? BLACK : WHITE))
      .png()
      .toFile(at(name));
    const shape = await imageShape(bytes(name), name, 'spec.yaml', {});
    expect(shape.aspect).toBeCloseTo(1, 1);
    expect(insideShare(shape)).toBeCloseTo(Math.PI / 4, 1);
  });

  it('reports a missing file at the place that named it', async () => {
    const e = await userError(
      (async () => imageShape(viaFiles('nope.png', 'spec.yaml:7:12'), 'nope.png', 'spec.yaml:7:12', {}))(),
    );
    expect(e.where).toBe('spec.yaml:7:12');
    expect(e.what).toMatch(/not found: nope\.png/);
  });

  it('reports a file that is not a picture', async () => {
    const e = await userError(imageShape(bytes('notes.png'), 'notes.png', 'spec.yaml', {}));
    expect(e.what).toMatch(/notes\.png is not an image/);
    expect(e.hint).toMatch(/PNG/);
  });

  it('refuses SVG', async () => {
    const e = await userError(imageShape(bytes('drawing.svg'), 'drawing.svg', 'spec.yaml', {}));
    expect(e.what).toMatch(/SVG/);
    expect(e.hint).toMatch(/PNG/);
  });

  it('refuses a file over the byte limit without decoding it', async () => {
    writeFileSync(at('huge.png'), Buffer.alloc(LIMITS.maxImageBytes + 1));
    const e = await userError(
      (async () => imageShape(viaFiles('huge.png', 'spec.yaml'), 'huge.png', 'spec.yaml', {}))(),
    );
    expect(e.what).toMatch(/bytes; the limit is/);
  });

  it('refuses a small file that decodes to too many pixels (a decompression bomb)', async () => {
    const name = 'bomb.png';
    const info = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toFile(at(name));
    expect(info.size).toBeLessThan(1024 * 1024);
    expect(6000 * 6000).toBeGreaterThan(LIMITS.maxImagePixels);
    const e = await userError(imageShape(bytes(name), name, 'spec.yaml', {}));
    expect(e.what).toMatch(/6000×6000 pixels; the limit is/);
  });

  it('says which way a blank picture fails and what to change', async () => {
    const white = await userError(imageShape(bytes('white.png'), 'white.png', 'spec.yaml', {}));
    expect(white.what).toMatch(/entirely outside/);
    expect(white.hint).toMatch(/threshold/);
    expect(white.hint).toMatch(/invert/);
    const black = await userError(imageShape(bytes('black.png'), 'black.png', 'spec.yaml', {}));
    expect(black.what).toMatch(/entirely inside/);
    const inverted = await userError(
      imageShape(bytes('black.png'), 'black.png', 'spec.yaml', { invert: true }),
    );
    expect(inverted.what).toMatch(/entirely outside/);
  });

  it('refuses a threshold outside [0, 1]', async () => {
    const e = await userError(imageShape(bytes('disc.png'), 'disc.png', 'spec.yaml', { threshold: 1.5 }));
    expect(e.what).toMatch(/between 0 and 1/);
  });
});

describe('trimBitmap', () => {
  it('crops to the inside pixels', () => {
    // 4×3 with inside pixels at (1, 1) and (2, 2).
    const data = Uint8Array.from([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
    const out = trimBitmap({ width: 4, height: 3, data });
    expect(out.width).toBe(2);
    expect(out.height).toBe(2);
    expect([...out.data]).toEqual([1, 0, 0, 1]);
  });
});
