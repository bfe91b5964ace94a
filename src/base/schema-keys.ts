import type { z } from 'zod';

/** A path into parsed YAML: keys and list positions. */
export type FieldPath = readonly (string | number)[];

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/** The schemas a value may meet at one place: wrappers (optional, default, pipe…) and unions opened. */
function forms(schema: z.ZodType, out: SchemaDef[] = [], depth = 0): SchemaDef[] {
  const def = defOf(schema);
  if (depth > 64) return out;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      if (def.innerType) forms(def.innerType, out, depth + 1);
      return out;
    case 'pipe':
      if (def.in) forms(def.in, out, depth + 1);
      return out;
    case 'lazy':
      if (def.getter) forms(def.getter(), out, depth + 1);
      return out;
    case 'union':
      for (const o of def.options ?? []) forms(o, out, depth + 1);
      return out;
    case 'intersection':
      if (def.left) forms(def.left, out, depth + 1);
      if (def.right) forms(def.right, out, depth + 1);
      return out;
    default:
      out.push(def);
      return out;
  }
}

/** The forms one level inside a list, for its items. */
function itemForms(defs: readonly SchemaDef[]): SchemaDef[] {
  const out: SchemaDef[] = [];
  for (const d of defs) {
    if (d.type === 'array' && d.element) forms(d.element, out);
    if (d.type === 'tuple') {
      for (const item of d.items ?? []) forms(item, out);
      if (d.rest) forms(d.rest, out);
    }
  }
  return out;
}

/** Keys an object schema accepts at `path` (through optionals, lists and unions), for "did you mean". */
export function keysAt(schema: z.ZodType, path: FieldPath): string[] {
  let defs = forms(schema);
  for (const step of path) {
    const next: SchemaDef[] = [];
    for (const d of defs) {
      if (d.type === 'array' || d.type === 'tuple') next.push(...itemForms([d]));
      else if (d.type === 'object' && d.shape?.[String(step)]) forms(d.shape[String(step)], next);
    }
    defs = next;
  }
  const found = new Set<string>();
  for (const d of defs) if (d.type === 'object') for (const k of Object.keys(d.shape ?? {})) found.add(k);
  return [...found];
}

/** A key that marks an extension field, ignored like a comment: `x-base`, `x-notes`. */
export function isExtensionKey(key: string): boolean {
  return key.startsWith('x-');
}

/**
 * Removes extension fields (keys starting with `x-`, as in Docker Compose and OpenAPI files) from every
 * mapping whose keys are mazebook's own (an object in the schema), at any depth, so they can hold anchors and
 * notes; mappings whose keys are the user's names (a record, such as a model's age groups) keep theirs. The
 * value is changed in place and returned.
 */
export function dropExtensionKeys(data: unknown, schema: z.ZodType): unknown {
  const stack: [unknown, SchemaDef[]][] = [[data, forms(schema)]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [value, defs] = stack.pop() as [unknown, SchemaDef[]];
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      const inner = itemForms(defs);
      for (const item of value) stack.push([item, inner]);
      continue;
    }
    const objects = defs.filter((d) => d.type === 'object');
    const records = defs.filter((d) => d.type === 'record');
    const map = value as Record<string, unknown>;
    for (const key of Object.keys(map)) {
      const known = objects.some((d) => d.shape !== undefined && Object.hasOwn(d.shape, key));
      if (isExtensionKey(key) && !known && objects.length > 0 && records.length === 0) {
        delete map[key];
        continue;
      }
      const inner: SchemaDef[] = [];
      for (const d of objects) if (d.shape && Object.hasOwn(d.shape, key)) forms(d.shape[key], inner);
      for (const d of records) if (d.valueType) forms(d.valueType, inner);
      stack.push([map[key], inner]);
    }
  }
  return data;
}
