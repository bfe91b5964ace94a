import Handlebars from 'handlebars';
import { UserError } from '../base/errors.js';
import { excerpt } from '../base/files.js';
import { LIMITS } from '../base/limits.js';

/**
 * Text templates (titles, instructions, copyright): Handlebars syntax without HTML escaping, in a sandbox.
 * A spec may come from a stranger, so a template is checked statement by statement before it is compiled:
 * only the documented variables of its place, the helpers `upper`, `lower` and `pad`, and `{{#if}}` /
 * `{{#unless}}` on a variable may appear — no other blocks, partials, `this`, `@data`, parent paths, `lookup` or
 * `log` — and its output is capped.
 */

/** Values a template may use; which names exist depends on where the template is used (see docs/spec.md). */
export type TemplateVars = Readonly<Record<string, string | number>>;

/** A checked template as plans carry it: plain data, compiled where it is rendered. */
export interface TemplateSource {
  readonly source: string;
  /** The spec place of the template, for messages. */
  readonly where: string;
}

/** An isolated Handlebars environment with mazebook's few helpers; nothing registered globally. */
const hb = Handlebars.create();
hb.registerHelper('upper', (s: unknown) => String(s).toUpperCase());
hb.registerHelper('lower', (s: unknown) => String(s).toLowerCase());
/** `{{pad number 3}}` → `007` (the width is a literal, checked against LIMITS.maxPadWidth). */
hb.registerHelper('pad', (n: unknown, width: unknown) =>
  String(n).padStart(Math.min(Number(width) || 0, LIMITS.maxPadWidth), '0'),
);
const HELPER_ARITY: Record<string, number> = { upper: 1, lower: 1, pad: 2 };
const HELPERS = { upper: true, lower: true, pad: true, if: true, unless: true } as const;

class TemplateProblem extends Error {}

type Node = hbs.AST.Node;

/** Refuses anything but text, comments and the allowed variables and helpers. */
function checkProgram(program: hbs.AST.Program, names: ReadonlySet<string>): void {
  for (const node of program.body) checkStatement(node, names);
}

function checkStatement(node: Node, names: ReadonlySet<string>): void {
  switch (node.type) {
    case 'ContentStatement':
    case 'CommentStatement':
      return;
    case 'MustacheStatement': {
      const m = node as hbs.AST.MustacheStatement;
      checkCall(m.path, m.params, m.hash, names);
      return;
    }
    case 'BlockStatement': {
      // Only {{#if x}}…{{else}}…{{/if}} and {{#unless x}}…{{/unless}} on a plain variable.
      const b = node as hbs.AST.BlockStatement;
      const name = b.path.type === 'PathExpression' ? (b.path as hbs.AST.PathExpression).original : '';
      if (name !== 'if' && name !== 'unless') {
        throw new TemplateProblem(
          `{{#${excerpt(name, 20)}}} blocks are not supported; only {{#if …}} and {{#unless …}}`,
        );
      }
      if (b.params.length !== 1 || (b.hash && b.hash.pairs.length > 0)) {
        throw new TemplateProblem(`{{#${name}}} takes one variable, e.g. {{#${name} author}}`);
      }
      checkExpression(b.params[0], names);
      if (b.program) checkProgram(b.program, names);
      if (b.inverse) checkProgram(b.inverse, names);
      return;
    }
    case 'PartialStatement':
    case 'PartialBlockStatement':
      throw new TemplateProblem('partials ({{> …}}) are not supported');
    default:
      throw new TemplateProblem(`${node.type} is not supported`);
  }
}

function checkCall(
  path: hbs.AST.PathExpression | hbs.AST.Literal,
  params: readonly hbs.AST.Expression[],
  hash: hbs.AST.Hash | undefined,
  names: ReadonlySet<string>,
): void {
  if (path.type !== 'PathExpression') throw new TemplateProblem('a literal cannot be called');
  const p = path as hbs.AST.PathExpression;
  const name = plainName(p);
  if (hash && hash.pairs.length > 0)
    throw new TemplateProblem(`{{${name} …}}: named arguments are not supported`);
  if (params.length === 0) {
    if (!names.has(name)) throw new TemplateProblem(`unknown variable "${name}"`);
    return;
  }
  const arity = HELPER_ARITY[name];
  if (arity === undefined) throw new TemplateProblem(`unknown helper "${name}"`);
  if (params.length !== arity) {
    throw new TemplateProblem(`${name} takes ${arity} argument${arity > 1 ? 's' : ''}, got ${params.length}`);
  }
  params.forEach((param, i) => {
    if (name === 'pad' && i === 1) {
      if (param.type !== 'NumberLiteral')
        throw new TemplateProblem('pad: the width must be a number, e.g. {{pad number 3}}');
      const width = (param as hbs.AST.NumberLiteral).value;
      if (!(width >= 0 && width <= LIMITS.maxPadWidth && Number.isInteger(width))) {
        throw new TemplateProblem(`pad: the width must be a whole number from 0 to ${LIMITS.maxPadWidth}`);
      }
      return;
    }
    checkExpression(param, names);
  });
}

function checkExpression(e: hbs.AST.Expression, names: ReadonlySet<string>): void {
  switch (e.type) {
    case 'StringLiteral':
    case 'NumberLiteral':
    case 'BooleanLiteral':
      return;
    case 'PathExpression': {
      const name = plainName(e as hbs.AST.PathExpression);
      if (!names.has(name)) throw new TemplateProblem(`unknown variable "${name}"`);
      return;
    }
    case 'SubExpression': {
      const s = e as hbs.AST.SubExpression;
      checkCall(s.path, s.params, s.hash, names);
      return;
    }
    default:
      throw new TemplateProblem(`${e.type} is not supported`);
  }
}

/** The one-part name of a path; `this`, `../x`, `@x`, `a.b` and `[x]` are refused. */
function plainName(p: hbs.AST.PathExpression): string {
  if (p.data) throw new TemplateProblem(`"@${p.original}" is not available`);
  if (p.depth > 0 || p.parts.length !== 1 || /[./[\]]/.test(p.original) || p.original === 'this') {
    throw new TemplateProblem(
      `"${excerpt(p.original, 30)}" is not a variable; use a plain name such as {{number}}`,
    );
  }
  return p.parts[0];
}

const compiled = new Map<string, HandlebarsTemplateDelegate>();

function compile(source: string): HandlebarsTemplateDelegate {
  let render = compiled.get(source);
  if (!render) {
    render = hb.compile(source, {
      strict: true,
      noEscape: true,
      knownHelpers: HELPERS,
      knownHelpersOnly: true,
    });
    compiled.set(source, render);
  }
  return render;
}

function run(source: string, vars: TemplateVars): string {
  const out = compile(source)(vars, {
    allowProtoMethodsByDefault: false,
    allowProtoPropertiesByDefault: false,
    allowCallsToHelperMissing: false,
  });
  if (out.length > LIMITS.maxTemplateOutput) {
    throw new TemplateProblem(
      `it produces ${out.length} characters; the limit is ${LIMITS.maxTemplateOutput}`,
    );
  }
  return out;
}

/** Sources (with the names of their place) whose statements passed `checkProgram`. */
const allowed = new Set<string>();
/** Checked sources kept at most (a spec has a handful of templates; this only bounds a long watch session). */
const ALLOWED_KEPT = 1024;

/**
 * Checks a template against the variables of its place (`sample` holds one value for each) and renders it
 * once with them, so a mistake surfaces before any maze is generated.
 * @param where the spec place of the template, for messages
 */
export function checkTemplate(source: string, where: string, sample: TemplateVars): TemplateSource {
  const names = new Set(Object.keys(sample));
  try {
    // Whether a template's statements are allowed depends on its source and the names of its place only:
    // a book's titles share a few sources, checked once each (the sample render still runs every time).
    const key = `${[...names].join(' ')}\n${source}`;
    if (!allowed.has(key)) {
      checkProgram(hb.parse(source), names);
      if (allowed.size >= ALLOWED_KEPT) allowed.clear();
      allowed.add(key);
    }
    run(source, sample);
  } catch (e) {
    const raw = String((e as Error).message);
    const msg =
      e instanceof TemplateProblem
        ? raw
        : raw.split('\n')[0].replace(/^Parse error on line \d+:?\s*/, 'syntax error');
    throw new UserError(
      where,
      `template "${excerpt(source)}" cannot be used: ${msg}`,
      `available here: ${[...names].map((k) => `{{${k}}}`).join(', ')}; helpers: upper, lower, pad`,
    );
  }
  return { source, where };
}

/** Renders a checked template. */
export function renderTemplate(t: TemplateSource, vars: TemplateVars): string {
  try {
    return run(t.source, vars);
  } catch (e) {
    throw new UserError(t.where, `template "${excerpt(t.source)}" cannot be used: ${(e as Error).message}`);
  }
}

/** Checks and renders a template used once (front matter text). */
export function fillTemplate(source: string, where: string, vars: TemplateVars): string {
  return renderTemplate(checkTemplate(source, where, vars), vars);
}
