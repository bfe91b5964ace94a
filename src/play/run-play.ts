import { dirname, resolve } from 'node:path';
import { createFileAccess, defaultPathPolicy } from '../base/files.js';
import { shownPath } from '../book/outputs.js';
import { type PlayOptions, startPlay } from './play-server.js';

/**
 * `mazebook play SPEC`: makes the book (a mistake in the spec ends the command here, exit 2), starts the
 * server, prints its address, the order the mazes come in (with the seed that repeats a shuffle), where
 * attempts are recorded, and serves until Ctrl-C.
 */
export async function runPlay(
  spec: string,
  options: Omit<PlayOptions, 'clock'>,
  print: (line: string) => void,
): Promise<void> {
  const abs = resolve(spec);
  createFileAccess(defaultPathPolicy(dirname(abs), options.allowAnyPath)).given(abs, shownPath(abs), 'spec');
  const play = await startPlay(abs, options);
  const { puzzles, warnings } = play.book;
  const { order, reader } = play.session;
  for (const w of warnings) print(`warning: ${w}`);
  print(`playtest of ${shownPath(abs)}: ${play.url}  (Ctrl-C to stop)`);
  print(
    `  ${puzzles.length} mazes, ${order.kind === 'book' ? 'in book order' : `shuffled for each reader from seed ${order.seed} (--shuffle ${order.seed} gives the same orders again)`}`,
  );
  for (const p of puzzles.filter((q) => q.unplayable)) {
    print(`  maze ${p.puzzle.plan.number} (${p.puzzle.plan.key}) cannot be played: ${p.unplayable}`);
  }
  print(`  reader: ${reader ?? 'each reader types their name on the page'}`);
  print(`  recording to ${shownPath(play.record)}`);
  print('  open the address in a browser on this computer: the server answers 127.0.0.1 only');
  const stop = () => {
    void play.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
