import { startPreview } from './preview-server.js';

/**
 * `mazebook preview SPEC`: starts the server, prints its address, and keeps serving until Ctrl-C. Builds and
 * their errors are reported on the terminal too; a mistake in the spec does not stop the preview.
 */
export async function runPreview(
  spec: string,
  options: { port?: number; allowAnyPath?: boolean; sourceDateEpoch?: number },
  print: (line: string) => void,
): Promise<void> {
  const preview = await startPreview(spec, { ...options, log: print });
  print(`preview of ${preview.session.current.spec}: ${preview.url}  (Ctrl-C to stop)`);
  const stop = () => {
    void preview.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
