// `npm run build:server`: bundles the service into dist/server/ so that it runs with
// `node dist/server/cli.js serve …` where only production dependencies are installed
// (no tsx, no TypeScript). Two entries: the CLI and the click recorder's writer thread,
// which a Worker loads from its own file next to cli.js (server/clicks/worker-sink.ts).
// Packages stay external: they come from `npm ci --omit=dev` (better-sqlite3 is native).
// The SQL migrations of both databases are copied beside the bundle, where server/db/migrate-*.ts look for them.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/server`;
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
