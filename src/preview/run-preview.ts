import { dirname, resolve } from 'node:path';
import { createFileAccess, defaultPathPolicy } from '../base/files.js';
import { shownPath } from '../book/outputs.js';
import { startPreview } from './preview-server.js';

/**
 * `mazebook preview SPEC`: checks the spec is there, starts the server, prints its address, and keeps
 * serving until Ctrl-C. Builds and their errors are reported on the terminal too; a mistake in the spec does
 * not stop the preview, a missing spec does (exit 2).
 */
export async function runPreview(
  spec: string,
  options: { port?: number; allowAnyPath?: boolean; sourceDateEpoch?: number },
  print: (line: string) => void,
): Promise<void> {
  const abs = resolve(spec);
  createFileAccess(defaultPathPolicy(dirname(abs), options.allowAnyPath)).given(abs, shownPath(abs), 'spec');
  const preview = await startPreview(abs, {
    ...options,
    log: print,
    onListening: (url) => print(`preview of ${shownPath(abs)}: ${url}  (Ctrl-C to stop)`),
  });
  const stop = () => {
    void preview.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
