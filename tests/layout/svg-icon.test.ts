import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pictureData } from '../../bench/extract-pictures.js';
import { type ArtStyle, bundledPicture, PICTURES_FILE } from '../../src/art/bundled-pictures.js';
import { svgIcon } from '../../src/art/icon.js';
import { PICTURE_PAIRS, pictureNames } from '../../src/art/picture-names.js';
import { UserError } from '../../src/base/errors.js';
import { parseSvgPath, SvgPathError, transformPath } from '../../src/layout/svg-icon.js';
import { CLOSE, CURVE, LINE, MOVE, type PathData } from '../../src/vector/path-data.js';

/** Points along a path: on-curve points, and each cubic sampled at t = 1/4, 1/2, 3/4. */
function samples(path: PathData): [number, number][] {
  const out: [number, number][] = [];
  let j = 0;
  let x = 0;
  let y = 0;
  for (const c of path.cmds) {
    const k = path.coords;
    if (c === MOVE || c === LINE) {
      [x, y] = [k[j], k[j + 1]];
      out.push([x, y]);
      j += 2;
    } else if (c === CURVE) {
      for (const t of [0.25, 0.5, 0.75, 1]) {
        const u = 1 - t;
        out.push([
          u * u * u * x + 3 * u * u * t * k[j] + 3 * u * t * t * k[j + 2] + t * t * t * k[j + 4],
          u * u * u * y + 3 * u * u * t * k[j + 1] + 3 * u * t * t * k[j + 3] + t * t * t * k[j + 5],
        ]);
      }
      [x, y] = [k[j + 4], k[j + 5]];
      j += 6;
    }
  }
  return out;
}

describe('parseSvgPath', () => {
  it('reads absolute and relative lines, H and V, implicit repetitions and Z', () => {
    const p = parseSvgPath('M10,10 h5 v5 H10 z m1 1 l2 0 2 2L20-1e1');
    expect([...p.cmds]).toEqual([MOVE, LINE, LINE, LINE, CLOSE, MOVE, LINE, LINE, LINE]);
    expect([...p.coords]).toEqual([10, 10, 15, 10, 15, 15, 10, 15, 11, 11, 13, 11, 15, 13, 20, -10]);
  });

  it('reads compact numbers the way SVG writes them', () => {
    const p = parseSvgPath('M.5.5l-.25-1.5e-1');
    expect([...p.coords]).toEqual([0.5, 0.5, 0.25, 0.35]);
  });

  it('raises quadratics to cubics and reflects control points for S and T', () => {
    const q = parseSvgPath('M0 0 Q 3 3 6 0 T 12 0');
    expect([...q.cmds]).toEqual([MOVE, CURVE, CURVE]);
    // The cubic's controls are 2/3 of the way to the quadratic's; T mirrors (3, 3) about (6, 0) to (9, -3).
    expect([...q.coords.slice(2, 8)].map((v) => +v.toFixed(6))).toEqual([2, 2, 4, 2, 6, 0]);
    expect([...q.coords.slice(8, 14)].map((v) => +v.toFixed(6))).toEqual([8, -2, 10, -2, 12, 0]);
    const s = parseSvgPath('M0 0 C 1 1 2 1 3 0 s 2 -1 3 0');
    expect([...s.coords.slice(8, 14)]).toEqual([4, -1, 5, -1, 6, 0]);
  });

  it('draws elliptical arcs on their ellipse, the way the flags choose', () => {
    // A full circle of radius 5 around (10, 10) from two half arcs.
    const circle = parseSvgPath('M5 10 A5 5 0 1 0 15 10 A5 5 0 1 0 5 10 Z');
    for (const [x, y] of samples(circle)) expect(Math.hypot(x - 10, y - 10)).toBeCloseTo(5, 2);
    // Sweep 1 from (0, 0) to (10, 0) with radius 5 passes above (y down: negative y)…
    const up = samples(parseSvgPath('M0 0 A5 5 0 0 1 10 0'));
    expect(Math.min(...up.map(([, y]) => y))).toBeCloseTo(-5, 2);
    // …sweep 0 below.
    const down = samples(parseSvgPath('M0 0 A5 5 0 0 0 10 0'));
    expect(Math.max(...down.map(([, y]) => y))).toBeCloseTo(5, 2);
    // An ellipse rotated 90°: rx 4 along y, ry 2 along x.
    const rotated = samples(parseSvgPath('M0 -4 A4 2 90 0 1 0 4'));
    for (const [x, y] of rotated) expect((x / 2) ** 2 + (y / 4) ** 2).toBeCloseTo(1, 2);
    // Radii too small are scaled up to reach the end point; a zero radius is a line.
    const small = samples(parseSvgPath('M0 0 a1 1 0 0 1 10 0'));
    expect(Math.min(...small.map(([, y]) => y))).toBeCloseTo(-5, 2);
    expect([...parseSvgPath('M0 0 A0 3 0 0 1 4 4').cmds]).toEqual([MOVE, LINE]);
  });

  it('names the place of malformed data', () => {
    const err = (d: string): SvgPathError => {
      try {
        parseSvgPath(d);
      } catch (e) {
        if (e instanceof SvgPathError) return e;
      }
      throw new Error(`no error for ${d}`);
    };
    expect(err('L 1 2').what).toMatch(/start with M/);
    expect(err('M 1 2 L 3').column).toBe(10);
    expect(err('M 1 2 A 1 1 0 2 0 3 3').what).toMatch(/flag must be 0 or 1/);
    expect(err('M 1 2 # 3').what).toMatch(/unexpected '#'/);
    expect(err('M 1 2 Z 3 4').what).toMatch(/expected a command/);
  });

  it('maps a path through an affine matrix', () => {
    const moved = transformPath(parseSvgPath('M1 2 L3 4'), [2, 0, 0, 2, 10, 20]);
    expect([...moved.coords]).toEqual([12, 24, 16, 28]);
  });
});

describe('svgIcon', () => {
  it('reads paths and basic shapes within the viewBox, and the fill rule', () => {
    const icon = svgIcon(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" fill-rule="evenodd">
        <path d="M0 0H4V4H0Z"/><circle cx="10" cy="5" r="2"/><rect x="14" y="1" width="4" height="3"/>
        <polygon points="1,8 3,8 2,6"/></svg>`,
      'pic.svg',
      'book.yaml:3:5',
    );
    expect(icon.viewBox).toEqual([0, 0, 20, 10]);
    expect(icon.layers).toHaveLength(1);
    expect(icon.layers[0].evenOdd).toBe(true);
    expect(icon.layers[0].fill).toBeUndefined();
    expect(parseSvgPath(icon.layers[0].d).cmds.filter((c) => c === MOVE)).toHaveLength(4);
  });

  it('falls back to width and height, and refuses files it cannot draw', () => {
    expect(svgIcon('<svg width="30" height="15"><path d="M0 0h1v1z"/></svg>', 'a.svg', 'w').viewBox).toEqual([
      0, 0, 30, 15,
    ]);
    expect(() => svgIcon('<html></html>', 'a.svg', 'w')).toThrow(UserError);
    expect(() => svgIcon('<svg viewBox="0 0 1 1"><text>hi</text></svg>', 'a.svg', 'w')).toThrow(/no shapes/);
    expect(() => svgIcon('<svg viewBox="0 0 1 1"><path d="M0 0 L"/></svg>', 'a.svg', 'w')).toThrow(
      /path data expected a number/,
    );
  });
});

describe('bundled pictures', () => {
  it('has every paired picture, in colour and in one colour, each inside its 32 × 32 box', () => {
    for (const pair of PICTURE_PAIRS) for (const name of pair) expect(pictureNames).toContain(name);
    for (const name of pictureNames) {
      for (const style of ['color', 'mono'] as ArtStyle[]) {
        const icon = bundledPicture(name, style);
        expect(icon.viewBox).toEqual([0, 0, 32, 32]);
        expect(icon.layers.length, name).toBeGreaterThan(0);
        for (const layer of icon.layers) {
          // Colour art names its colours; one-colour art takes the marker colour.
          if (style === 'mono') expect(layer.fill, name).toBeUndefined();
          else expect(layer.fill, name).toMatch(/^#[0-9a-f]{3}([0-9a-f]{3})?$/);
          expect(layer.d, name).toMatch(/^M[-0-9. MLCZ]*$/);
          for (const [x, y] of samples(parseSvgPath(layer.d))) {
            expect(x, name).toBeGreaterThanOrEqual(-0.01);
            expect(y, name).toBeGreaterThanOrEqual(-0.01);
            expect(x, name).toBeLessThanOrEqual(32.01);
            expect(y, name).toBeLessThanOrEqual(32.01);
          }
        }
      }
    }
    // The paired pictures' colour art has more than one colour: a picture, not a silhouette.
    for (const name of new Set(PICTURE_PAIRS.flat())) {
      const colours = new Set(bundledPicture(name, 'color').layers.map((l) => l.fill));
      expect(colours.size, name).toBeGreaterThan(1);
    }
  });

  it('is exactly what npm run pictures copies from the pinned icon packages', () => {
    expect(readFileSync(PICTURES_FILE, 'utf8')).toBe(pictureData());
  });
});
