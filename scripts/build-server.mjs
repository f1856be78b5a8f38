// `npm run build:server`: bundles the service into dist/server/ so that it runs with
// `node dist/server/cli.js serve …` where only production dependencies are installed
// (no tsx, no TypeScript). Two entries: the CLI and the click recorder's writer thread,
// which a Worker loads from its own file next to cli.js (server/clicks/worker-sink.ts).
// Packages stay external: they come from `npm ci --omit=dev` (better-sqlite3 is native).
// The SQL migrations of both databases are copied beside the bundle, where server/db/migrate-*.ts look for them.
// `node scripts/build-server.mjs DIR` builds into DIR instead (emptied first), so that
// builds made at once (the test projects) never share a folder.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] === undefined ? `${root}dist/server` : resolve(process.argv[2]);
// The folder is emptied first: only ever a previous build (it has cli.js) or an empty or new
// folder, never one that holds the checkout (/, the checkout itself) or other files (a home folder).
const outside = relative(out, root);
const holdsCheckout = outside === '' || (!outside.startsWith('..') && !isAbsolute(outside));
const otherFiles = existsSync(out) && readdirSync(out).length > 0 && !existsSync(`${out}/cli.js`);
if (holdsCheckout || otherFiles) {
  console.error(`Refusing to build into ${out}: the build empties its folder first, and it ${holdsCheckout ? 'holds this checkout' : 'holds files that are not a build'}`);
  process.exit(2);
}
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    cli: `${root}server/cli.ts`,
    'flush-worker': `${root}server/clicks/flush-worker.ts`,
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
for (const dialect of ['sqlite', 'postgres']) {
  mkdirSync(`${out}/migrations-${dialect}`, { recursive: true });
  cpSync(`${root}server/db/migrations-${dialect}`, `${out}/migrations-${dialect}`, { recursive: true });
}
console.log(`Built the service into ${out}`);
