import type { FieldPath } from '../base/parse-yaml.js';
import type { BookSpec, MazeSpec } from '../spec/schema.js';

/** Every place a spec may hold a maze's fields: defaults, section defaults, pages and series. */
export function mazeFieldsOf(spec: BookSpec): { maze: MazeSpec; field: FieldPath }[] {
  const out: { maze: MazeSpec; field: FieldPath }[] = [];
  if (spec.defaults) out.push({ maze: spec.defaults, field: ['defaults'] });
  spec.pages.forEach((p, i) => {
    if (p.defaults) out.push({ maze: p.defaults, field: ['pages', i, 'defaults'] });
    if (p.maze) out.push({ maze: p.maze, field: ['pages', i, 'maze'] });
    if (p.series) out.push({ maze: p.series, field: ['pages', i, 'series'] });
  });
  return out;
}
