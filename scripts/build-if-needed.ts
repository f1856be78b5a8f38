/**
 * Builds the Chromium extension (`wxt build`) when .output/chrome-mv3 is
 * missing or older than its sources, for the scripts that load the build
 * (`npm start`, `npm run screens`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR, ROOT } from './chromium';

const SOURCES = ['entrypoints', 'components', 'lib', 'public', 'wxt.config.ts'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** `log` tells the user a build is starting (it takes a while). */
export function buildIfNeeded(log: (line: string) => void): void {
  let built = 0;
  try {
    built = statSync(join(BUILD_DIR, 'manifest.json')).mtimeMs;
  } catch {
    // no build yet
  }
  const sources = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  if (built > sources) return;
  log('Building the extension (wxt build)…');
  const run = spawnSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('wxt build failed');
}
