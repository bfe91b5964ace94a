import { dirname, resolve } from 'node:path';
import { createFileAccess, defaultPathPolicy, type FileAccess } from '../base/files.js';
import { type LoadedYaml, loadYamlRef } from '../base/parse-yaml.js';
import type { BookPlan, PlanOptions } from '../plan/book-plan.js';
import { planBook } from '../plan/plan-book.js';
import { Problems } from '../plan/problems.js';
import { preloadImages } from '../plan/resolve-mask.js';
import { type BookSpec, bookSchema } from '../spec/schema.js';
import { shownPath } from './outputs.js';

/** spec → plan, and nothing heavier: what `validate` loads. */

/** Reads and validates a spec named on the command line (or by a library caller). */
export function loadSpec(specPath: string, files?: FileAccess): LoadedYaml<BookSpec> {
  const abs = resolve(specPath);
  const access = files ?? createFileAccess(defaultPathPolicy(dirname(abs)));
  return loadYamlRef(access, access.given(abs, shownPath(abs), 'spec'), bookSchema);
}

/** A planned book and the file access that read it (what it read is what outputs may not replace). */
export interface PlannedSpec {
  plan: BookPlan;
  files: FileAccess;
  /** The spec as loaded (with its source places). */
  spec: LoadedYaml<BookSpec>;
}

/**
 * spec → plan: reads the spec, decodes the pictures it names and plans the book, reporting every problem
 * found at once. Every file is read through one file access bound to the spec's folder (and mazebook's own).
 */
export async function planSpecFiles(
  specPath: string,
  options: PlanOptions = {},
  access?: FileAccess,
): Promise<PlannedSpec> {
  const abs = resolve(specPath);
  const files = access ?? createFileAccess(defaultPathPolicy(dirname(abs), options.allowAnyPath));
  const spec = loadSpec(abs, files);
  const problems = new Problems();
  const specDir = dirname(abs);
  const images = await preloadImages(spec.value, specDir, files, spec.placeOf, (e) => problems.add(e));
  return { plan: planBook(spec, { ...options, files, images, problems }), files, spec };
}

/** spec → plan (see planSpecFiles). */
export async function planSpec(specPath: string, options: PlanOptions = {}): Promise<BookPlan> {
  return (await planSpecFiles(specPath, options)).plan;
}
