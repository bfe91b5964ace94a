import { type ArtStyle, bundledPicture } from '../art/bundled-pictures.js';
import { type Icon, svgIcon } from '../art/icon.js';
import { isPictureName, pictureNames } from '../art/picture-names.js';
import { UserError } from '../base/errors.js';
import { decodeText, type FileAccess } from '../base/files.js';
import type { FieldPath } from '../base/parse-yaml.js';
import { closest } from '../base/suggest.js';
import type { MazeSpec } from '../spec/schema.js';
import type { MarkerPlan } from './book-plan.js';
import { checkGlyphs } from './check-glyphs.js';
import { markerLabelWidth, markerRule } from './marker-rule.js';
import type { Theme } from './theme.js';
import type { Words } from './words.js';

/**
 * What resolving markers needs from around the spec; `icons` keeps each picture parsed once per build; `art`
 * is how bundled pictures print (one colour in black-ink and grey books).
 */
export interface MarkerContext {
  specDir: string;
  files: FileAccess;
  theme: Theme;
  words: Words;
  icons: Map<string, Icon>;
  art: ArtStyle;
  /** The book's smallest text, pt: start and finish words never shrink under it. */
  textFloor: number;
}

/** The start and finish words as marker labels print them: the locale's words in capitals. */
export function markerWords(words: Words): { start: string; finish: string } {
  return { start: words.start.toUpperCase(), finish: words.finish.toUpperCase() };
}

/**
 * How bundled pictures print in a book: in one colour when the interior is black ink or every colour of the
 * theme is a grey (a book meant for a black-and-white printer), in their own colours otherwise.
 */
export function artStyleFor(theme: Theme, blackInk: boolean): ArtStyle {
  if (blackInk) return 'mono';
  const grey = (c: string): boolean => {
    const h = c.replace('#', '');
    const full = h.length === 3 ? [...h].map((x) => x + x).join('') : h;
    return full.slice(0, 2) === full.slice(2, 4) && full.slice(2, 4) === full.slice(4, 6);
  };
  const { walls, solution, markers, text } = theme.colors;
  return [walls, solution, markers, text].every(grey) ? 'mono' : 'color';
}

/**
 * A maze's `markers`, resolved: arrows unless pictures are named (a bundled picture or an SVG file read
 * through the file door, both parsed now so that a bad picture is reported while planning), with the locale's
 * start and finish words beside them when `labels` asks (by default for the kids audience), and the marker
 * rule for the puzzle's audience (see `markerRule`). The label words are checked against the heading font
 * here, since they are printed in it.
 * @param base the clear passage the puzzle's audience keeps (its floor, or `min-passage` when wider), pt
 */
export function resolveMarkers(
  m: MazeSpec['markers'],
  audience: string,
  base: number,
  field: FieldPath,
  at: (path: FieldPath) => string,
  where: string,
  ctx: MarkerContext,
): MarkerPlan {
  const spec = typeof m === 'object' ? m : {};
  const labels = spec.labels ?? audience === 'kids';
  const w = markerWords(ctx.words);
  if (labels) checkGlyphs(ctx.theme, 'heading', `${w.start}${w.finish}`, m === undefined ? where : at(field));
  const fitFor = (pictures: boolean): MarkerPlan['fit'] => ({
    rule: markerRule(pictures, base, ctx.theme.markers.size),
    wall: ctx.theme.walls.width,
    label: labels ? markerLabelWidth(ctx.theme, w, ctx.textFloor) : 0,
  });
  if (spec.start === undefined && spec.finish === undefined) return { labels, fit: fitFor(false) };
  if (spec.start === undefined || spec.finish === undefined) {
    throw new UserError(
      at([...field, spec.start === undefined ? 'finish' : 'start']),
      'markers: a picture for one end needs a picture for the other',
      `give both start and finish, e.g. {start: rabbit, finish: carrot}`,
    );
  }
  return {
    labels,
    pictures: {
      start: markerPicture(spec.start, at([...field, 'start']), ctx),
      finish: markerPicture(spec.finish, at([...field, 'finish']), ctx),
    },
    fit: fitFor(true),
  };
}

/** A bundled picture by name, or an SVG file relative to the spec. */
function markerPicture(name: string, where: string, ctx: MarkerContext): Icon {
  if (isPictureName(name)) return bundledPicture(name, ctx.art);
  if (!/\.svg$/i.test(name)) {
    const guess = closest(name, pictureNames);
    throw new UserError(
      where,
      `unknown marker picture "${name}"`,
      `${guess ? `did you mean "${guess}"? ` : ''}bundled pictures: ${pictureNames.join(', ')}; or name an .svg file`,
    );
  }
  const ref = ctx.files.named(ctx.specDir, name, where, 'image');
  const hit = ctx.icons.get(ref.real);
  if (hit) return hit;
  const icon = svgIcon(decodeText(ctx.files.read(ref), name, where, 'image'), name, where);
  ctx.icons.set(ref.real, icon);
  return icon;
}
