import type { Command } from 'commander';
import { parseSeed, sourceDateEpoch } from './options.js';

/**
 * `mazebook cover SPEC [-o FILE]`: only the cover of a book (the spec's `cover:` section), as a PDF, or as a
 * preview picture with the trim, folds, safe zones and barcode area drawn on it. The interior is planned for
 * its page count; no interior maze is generated.
 */
export function registerCover(program: Command): void {
  program
    .command('cover')
    .description('write only the cover of a book spec (its cover: section) as a PDF or a preview PNG')
    .argument('<spec>', 'the book spec (YAML)')
    .option(
      '-o, --output <file>',
      'the cover to write: .pdf, or .png for a preview with guide lines (default output/<spec name>-cover.pdf)',
    )
    .option('--png', 'also write the preview picture next to the PDF (FILE.png)')
    .option(
      '--interior <pdf>',
      'the interior PDF whose lockfile records its page count (default output/<spec name>.pdf)',
    )
    .option('--seed <n>', 'use this book seed instead of the spec’s', parseSeed)
    .option('--allow-any-path', 'let the spec name theme, font and picture files outside its own folder')
    .option('-q, --quiet', 'print nothing but errors')
    .action(
      async (
        spec: string,
        opts: {
          output?: string;
          png?: boolean;
          interior?: string;
          seed?: number;
          allowAnyPath?: boolean;
          quiet?: boolean;
        },
      ) => {
        const { buildCover } = await import('../book/build-cover.js');
        const { shownPath } = await import('../book/outputs.js');
        const result = await buildCover(spec, {
          output: opts.output,
          png: opts.png,
          interior: opts.interior,
          seed: opts.seed,
          allowAnyPath: opts.allowAnyPath,
          sourceDateEpoch: sourceDateEpoch(),
          warn: (w) => process.stderr.write(`warning: ${w}\n`),
        });
        if (opts.quiet) return;
        for (const note of result.notes) process.stdout.write(`note: ${note}\n`);
        for (const file of result.outputs) {
          process.stdout.write(
            `${shownPath(file)}: cover for ${result.pages} pages, spine ${result.spine}\n`,
          );
        }
      },
    );
}
