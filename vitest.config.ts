import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    // Processes, not threads: the CLI tests that run a command in-process change the working folder.
    pool: 'forks',
    // Test files share their worker's loaded modules instead of importing pdfkit, fontkit, sharp and the
    // sources again for each of a hundred files (about half of the suite's time on two cores). Tests must
    // therefore put back what they change in the process: environment, working folder, process.exitCode.
    isolate: false,
  },
});
