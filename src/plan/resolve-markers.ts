import { UserError } from '../base/errors.js';
import { decodeText, type FileAccess } from '../base/files.js';
import type { FieldPath } from '../base/parse-yaml.js';
import { closest } from '../base/suggest.js';
import type { MazeSpec } from '../spec/schema.js';
import { isMarkerIconName, markerIcon, markerIconNames } from '../vector/marker-icons.js';
import { type Icon, svgIcon } from '../vector/svg-icon.js';
import type { Audience, MarkerPlan } from './book-plan.js';
import { checkGlyphs } from './check-glyphs.js';
import type { Theme } from './theme.js';
import type { Words } from './words.js';

/** What resolving markers needs from around the spec; `icons` keeps each picture parsed once per build. */
export interface MarkerContext {
  specDir: string;
  files: FileAccess;
  theme: Theme;
  words: Words;
  icons: Map<string, Icon>;
}

/** The start and finish words as marker labels print them: the locale's words in capitals. */
export function markerWords(words: Words): { start: string; finish: string } {
  return { start: words.start.toUpperCase(), finish: words.finish.toUpperCase() };
}

/**
 * A maze's `markers`, resolved: arrows unless pictures are named (a bundled icon or an SVG file read through
 * the file door, both parsed now so that a bad picture is reported while planning), with the locale's start
 * and finish words beside them when `labels` asks (by default for the kids audience). The label words are
 * checked against the heading font here, since they are printed in it.
 */
export function resolveMarkers(
  m: MazeSpec['markers'],
  audience: Audience,
  field: FieldPath,
  at: (path: FieldPath) => string,
  where: string,
  ctx: MarkerContext,
): MarkerPlan {
  const spec = typeof m === 'object' ? m : {};
  const labels = spec.labels ?? audience === 'kids';
  if (labels) {
    const w = markerWords(ctx.words);
    checkGlyphs(ctx.theme, 'heading', `${w.start}${w.finish}`, m === undefined ? where : at(field));
  }
  if (spec.start === undefined && spec.finish === undefined) return { labels };
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
  };
}

/** A bundled icon by name, or an SVG file relative to the spec. */
function markerPicture(name: string, where: string, ctx: MarkerContext): Icon {
  if (isMarkerIconName(name)) return markerIcon(name);
  if (!/\.svg$/i.test(name)) {
    const guess = closest(name, markerIconNames);
    throw new UserError(
      where,
      `unknown marker picture "${name}"`,
      `${guess ? `did you mean "${guess}"? ` : ''}bundled pictures: ${markerIconNames.join(', ')}; or name an .svg file`,
    );
  }
  const ref = ctx.files.named(ctx.specDir, name, where, 'image');
  const hit = ctx.icons.get(ref.real);
  if (hit) return hit;
  const icon = svgIcon(decodeText(ctx.files.read(ref), name, where, 'image'), name, where);
  ctx.icons.set(ref.real, icon);
  return icon;
}
