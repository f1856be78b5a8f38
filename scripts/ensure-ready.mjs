// Runs before `npm start` and `npm test` (prestart, pretest), so the README's
// two commands work on a fresh clone: installs the locked dependencies when
// node_modules is missing or older than package-lock.json, and says what to
// do when Chromium is missing. Plain JavaScript: it runs before any
// dependency exists.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const installed = 'node_modules/.package-lock.json';
const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing the locked dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}. Install it (Debian/Ubuntu: apt-get install chromium) ` +
      'or set CHROMIUM_PATH to a Chromium binary (branded Chrome 137+ cannot load unpacked extensions).',
  );
  process.exit(1);
}
