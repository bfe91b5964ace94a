import Handlebars from 'handlebars';
import { UserError } from '../spec/errors.js';

/** Values a template may use; which names exist depends on where the template is used (see docs/spec.md). */
export type TemplateVars = Readonly<Record<string, string | number>>;
export type Template = (vars: TemplateVars) => string;

/** An isolated Handlebars environment with mazebook's few helpers; nothing registered globally. */
const hb = Handlebars.create();
hb.registerHelper('upper', (s: unknown) => String(s).toUpperCase());
hb.registerHelper('lower', (s: unknown) => String(s).toLowerCase());
/** `{{pad number 3}}` → `007` */
hb.registerHelper('pad', (n: unknown, width: unknown) => String(n).padStart(Number(width) || 0, '0'));
const HELPERS = { upper: true, lower: true, pad: true } as const;

/**
 * Compiles a text template (Handlebars syntax, no HTML escaping, strict: an unknown variable is an error).
 * The template is checked now against `sample`, so a mistake surfaces before any maze is generated.
 * @param where the spec place of the template, for messages
 */
export function compileTemplate(source: string, where: string, sample: TemplateVars): Template {
  let render: HandlebarsTemplateDelegate;
  try {
    render = hb.compile(source, {
      strict: true,
      noEscape: true,
      knownHelpers: HELPERS,
      knownHelpersOnly: true,
    });
    render(sample);
  } catch (e) {
    const raw = String((e as Error).message);
    const unknown = /"([^"]+)" not defined/.exec(raw);
    const msg = unknown
      ? `unknown variable "${unknown[1]}"`
      : raw.split('\n')[0].replace(/^Parse error on line \d+:?\s*/, 'syntax error');
    throw new UserError(
      where,
      `template "${source}" cannot be used: ${msg}`,
      `available here: ${Object.keys(sample)
        .map((k) => `{{${k}}}`)
        .join(', ')}; helpers: upper, lower, pad`,
    );
  }
  return (vars) => render(vars, { allowProtoMethodsByDefault: false, allowProtoPropertiesByDefault: false });
}
