import { stringify } from 'yaml';

/**
 * The text of a sheet's book spec, headed by the schema line editors read (`schema`: the schema file's
 * path). yaml is imported here, statically, and this module is loaded with `import()` when `sheet` runs: a
 * CommonJS package loaded with `import()` itself would give only its default export in the bundled
 * command (bench/bundle-cli.mjs refuses to build that).
 */
export function sheetSpecText(spec: Record<string, unknown>, schema: string): string {
  return `# yaml-language-server: $schema=${schema}\n${stringify(spec)}`;
}
