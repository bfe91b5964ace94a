import { LENGTH_PATTERN, POINTS_PER, type Unit } from './units.js';

/** Width × height in points, portrait. */
export type PaperSize = readonly [number, number];

const mm = (w: number, h: number): PaperSize => [w * POINTS_PER.mm, h * POINTS_PER.mm];
const inch = (w: number, h: number): PaperSize => [w * 72, h * 72];

/**
 * Paper presets by lower-case name (portrait). ISO sizes from ISO 216; US sizes from ANSI/ASME Y14.1;
 * trims are the common print-on-demand interior trim sizes.
 */
export const PAPER_PRESETS: Readonly<Record<string, PaperSize>> = {
  a0: mm(841, 1189),
  a1: mm(594, 841),
  a2: mm(420, 594),
  a3: mm(297, 420),
  a4: mm(210, 297),
  a5: mm(148, 210),
  a6: mm(105, 148),
  b4: mm(250, 353),
  b5: mm(176, 250),
  b6: mm(125, 176),
  letter: inch(8.5, 11),
  legal: inch(8.5, 14),
  tabloid: inch(11, 17),
  'half-letter': inch(5.5, 8.5),
  'trim-8.5x11': inch(8.5, 11),
  'trim-8x10': inch(8, 10),
  'trim-7x10': inch(7, 10),
  'trim-8.25x8.25': inch(8.25, 8.25),
  'trim-8.5x8.5': inch(8.5, 8.5),
  'trim-6x9': inch(6, 9),
  'trim-5.5x8.5': inch(5.5, 8.5),
  'trim-a4': mm(210, 297),
  'trim-a5': mm(148, 210),
};

/** `8.5x11in`, `210x297mm`, `6 x 9 in`: two numbers and one unit. */
const SIZE_PATTERN = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*[x×]\s*(\d+(?:\.\d*)?|\.\d+)\s*(mm|cm|in|pt)\s*$/;

/** Reads a paper name or `WxHunit` size; undefined when it is neither. */
export function parsePaperName(text: string): PaperSize | undefined {
  const preset = PAPER_PRESETS[text.trim().toLowerCase()];
  if (preset) return preset;
  const m = SIZE_PATTERN.exec(text);
  if (!m) return undefined;
  const k = POINTS_PER[m[3] as Unit];
  return [Number(m[1]) * k, Number(m[2]) * k];
}

export { LENGTH_PATTERN };
