import type { Command } from 'commander';
import { sourceDateEpoch, wholeNumber } from './options.js';
import { createProgress } from './progress.js';

/**
 * `mazebook batch CATALOGUE -o DIR`: every book of a catalogue into its upload bundle, no maze twice in the
 * catalogue; `--shards N` builds the part of it the runner's index variable names (docs/batch.md).
 */

const DOING: Record<string, string> = {
  checking: 'checking',
  'reading earlier book': 'reading an earlier book',
  spec: 'reading spec',
  plan: 'planning',
  maze: 'generating mazes',
  layout: 'laying out pages',
  render: 'rendering PDF',
  write: 'writing',
};

interface BatchCliOptions {
  output?: string;
  shards?: number;
  shard?: string;
  force?: boolean;
  strict?: boolean;
  allowAnyPath?: boolean;
  quiet?: boolean;
}

export function registerBatch(program: Command): void {
  program
    .command('batch')
    .description('build every book of a catalogue into an upload bundle, no maze printed twice')
    .argument('<catalogue>', 'the catalogue (YAML): its books: list book specs')
    .option(
      '-o, --output <dir>',
      'the folder for the bundles, one folder per book (default output/<catalogue name>)',
    )
    .option(
      '--shards <n>',
      'build one part of N: the index comes from JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX or CLOUD_RUN_TASK_INDEX',
      wholeNumber(1, 10_000),
    )
    .option('--shard <i/n>', 'build part I of N (from 0), e.g. 0/2 and 1/2')
    .option('--force', 'build this run’s books even when their bundles are up to date')
    .option('--strict', 'treat a book’s checks and warnings as errors (that book fails, exit 2)')
    .option('--allow-any-path', 'let the catalogue name specs, and the specs files, outside their folders')
    .option('-q, --quiet', 'print nothing but errors and warnings')
    .addHelpText(
      'after',
      `
Each book goes into DIR/<id>/: <id>.pdf (interior), <id>-cover.pdf, <id>.lock.json and <id>.metadata.json
(what an upload form asks). Books are decided in catalogue order, each avoiding every maze of the books
before it, so one process and any number of shards give the same bytes. A book whose bundle is up to date
(same spec, files and values, same mazes to avoid) is not built again. The report goes to DIR/report.json
(DIR/report-shard-I-of-N.json for a shard). Exit code: 0, or 2 when a book failed on its input, 1 when one
hit an internal error. See docs/batch.md.`,
    )
    .action(async (catalogue: string, opts: BatchCliOptions) => {
      const { basename, extname, join, resolve } = await import('node:path');
      const { resolveShard } = await import('../catalogue/shard.js');
      const { buildCatalogue } = await import('../catalogue/build-catalogue.js');
      const { reportTable } = await import('../catalogue/catalogue-report.js');
      const { shownPath } = await import('../book/outputs.js');
      const shard = resolveShard({ shard: opts.shard, shards: opts.shards });
      const out = resolve(opts.output ?? join('output', basename(catalogue, extname(catalogue))));
      const progress = createProgress(process.stderr, !opts.quiet);
      const epoch = sourceDateEpoch();
      const result = await buildCatalogue(catalogue, {
        out,
        ...(shard ? { shard } : {}),
        force: opts.force,
        strict: opts.strict,
        allowAnyPath: opts.allowAnyPath,
        ...(epoch !== undefined ? { sourceDateEpoch: epoch } : {}),
        onProgress: (p) =>
          progress.update(
            `[${p.book + 1}/${p.books}] ${p.id}: ${DOING[p.doing] ?? p.doing}${p.total > 1 ? ` ${p.done}/${p.total}` : ''}`,
          ),
        onBook: (b) => {
          progress.clear();
          for (const w of b.warnings) process.stderr.write(`warning: ${b.id}: ${w}\n`);
          if (b.error) process.stderr.write(`error: ${b.id}: ${b.error}\n`);
          else if (b.status === 'not built') process.stderr.write(`error: ${b.id}: not built: ${b.reason}\n`);
        },
        onWait: (message) => {
          if (opts.quiet) return;
          progress.clear();
          process.stderr.write(`note: ${message}\n`);
        },
      }).finally(() => progress.clear());
      if (!opts.quiet) {
        for (const line of reportTable(result, shownPath(result.report))) process.stdout.write(`${line}\n`);
      }
      process.exitCode = result.exitCode;
    });
}
