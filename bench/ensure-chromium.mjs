// Before `npm test`: find Debian's Chromium for the preview's browser tests, or install it when this user can
// (root with apt-get); otherwise say that those tests will be skipped. Never fails the test run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const found =
  process.env.MAZEBOOK_CHROMIUM ||
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!found) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (root && apt) {
    process.stderr.write('installing chromium for the preview browser tests (once)…\n');
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'ignore',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      process.stderr.write('could not install chromium: the preview browser tests will be skipped\n');
    }
  } else {
    process.stderr.write(
      'chromium is not installed (apt-get install chromium): the preview browser tests will be skipped\n',
    );
  }
}
