import { UserError } from '../base/errors.js';
import { mazeFromFlags } from './flags.js';

export interface SheetCliOptions {
  output?: string;
  paper: string;
  count: number;
  title: string;
  theme?: string;
  locale?: string;
  nameDate?: boolean;
  /** `kids`, `adults` or `large-print`: the floors of the sheet (docs/spec.md, audience). */
  audience?: string;
  answers: boolean;
  printSpec?: boolean;
  shape?: string;
  cells?: string;
  rings?: string;
  mask?: string;
  algorithm?: string;
  difficulty?: string;
  seed?: number;
}

/** Spec fields a `sheet` option sets, for messages about them (the spec itself is a temporary file). */
const SHEET_FLAGS: Record<string, string> = {
  paper: '--paper',
  shape: '--shape',
  cells: '--cells',
  rings: '--rings',
  mask: '--mask',
  algorithm: '--algorithm',
  difficulty: '--difficulty',
  theme: '--theme',
  locale: '--locale',
  title: '--title',
  audience: '--audience',
};

/** A mistake in the generated spec, reported at the option that caused it instead of the temporary file. */
export function sheetError(e: UserError): UserError {
  const field =
    /^(?:defaults\.)?([a-z-]+): /.exec(e.what)?.[1] ??
    Object.keys(SHEET_FLAGS).find((k) => e.what.includes(k));
  const what = e.what.replace(/^(?:defaults\.)?[a-z-]+: /, '');
  return new UserError((field && SHEET_FLAGS[field]) ?? 'sheet', what, e.hint);
}

/**
 * The book spec a `sheet` command stands for (what --print-spec shows): printed at home (profile `home`:
 * dashed cut lines between the slips, clear of the border a home printer cannot print).
 */
export function sheetSpec(o: SheetCliOptions): Record<string, unknown> {
  const perPage = o.count <= 6 ? ([1, 2, 4, 6].find((n) => n >= o.count) ?? 6) : 6;
  const maze = mazeFromFlags({
    shape: o.shape,
    cells: o.cells ?? (o.difficulty && !o.rings ? (o.shape === 'circle' ? undefined : 'auto') : undefined),
    rings: o.rings ?? (o.difficulty && o.shape === 'circle' && !o.cells ? 'auto' : undefined),
    mask: o.mask,
    algorithm: o.algorithm,
    difficulty: o.difficulty,
  });
  return {
    title: o.title,
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
    paper: o.paper,
    profile: 'home',
    ...(o.theme ? { theme: o.theme } : {}),
    ...(o.locale ? { locale: o.locale } : {}),
    'per-page': perPage,
    ...(o.nameDate ? { 'name-date': true } : {}),
    ...(o.audience ? { audience: o.audience } : {}),
    front: [],
    // Sheets of several carry the title on top and number their slips; a sheet of one is a puzzle page,
    // whose heading is its puzzle's title: the sheet's title then.
    defaults: { title: o.count === 1 ? '{{book}}' : '{{number}}', ...maze },
    pages: Array.from({ length: o.count }, () => ({})),
    solutions: o.answers ? 'inline' : false,
  };
}
