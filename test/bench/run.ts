/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` in its own process, one
 * after another (two cores: parallel benches would measure each other), and
 * writes their Markdown sections to docs/performance.md.
 *
 * The extension is built first when a bench drives it.
 *
 * The timing benches (a page's time from its navigation start beside an empty
 * page) run first, before anything else has warmed or loaded the machine;
 * each waits for a quiet machine and exits 3 ("machine busy, not judged")
 * when another process used the CPU through its run (./machine-watch.ts).
 *
 * Each bench prints a Markdown section on stdout and exits non-zero when a
 * budget is missed. `npm run bench -- redirect` runs only benches whose file
 * name contains "redirect".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { BUSY_EXIT_CODE } from './machine-watch';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2] ?? '';
/** Benches judged on a page's time beside an empty page: first, one at a time, on a quiet machine. */
const TIMING = ['popup-timing.bench.ts', 'sidepanel.bench.ts'];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort((a, b) => Number(TIMING.includes(b)) - Number(TIMING.includes(a)) || a.localeCompare(b));

/**
 * The service's benches that take their database from test/bench/bench-database.ts run a second
 * time on a throwaway PostgreSQL cluster, so both databases are reported side by side
 * (instances.bench.ts is PostgreSQL's own: several instances need a shared database).
 */
const ON_BOTH_DATABASES = new Set(['analytics.bench.ts', 'clicks-storage.bench.ts', 'create.bench.ts', 'redirect.bench.ts']);

/** Benches that drive the built extension: it is built first, so they measure the code as it is. */
const ON_THE_EXTENSION = new Set(['bulk.bench.ts', 'popup-size.bench.ts', 'popup-timing.bench.ts', 'queue-drain.bench.ts', 'sidepanel.bench.ts', 'watch.bench.ts']);
if (files.some((file) => ON_THE_EXTENSION.has(file))) {
  process.stderr.write('\n== building the extension (wxt build)\n');
  const build = spawnSync('npx', ['wxt', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) {
    process.stderr.write('The extension did not build: no bench was run.\n');
    process.exit(1);
  }
}

const sections: string[] = [];
let failed: string[] = [];
let busy: string[] = [];
const runs = files.flatMap((file) => [{ file, postgres: false }, ...(ON_BOTH_DATABASES.has(file) ? [{ file, postgres: true }] : [])]);
for (const { file, postgres } of runs) {
  process.stderr.write(`\n== ${file}${postgres ? ' (PostgreSQL)' : ''}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
    env: postgres ? { ...process.env, BENCH_DB: 'postgres' } : process.env,
  });
  const section = run.stdout.trim();
  // A bench that names its database in its heading keeps it; the others get it added.
  const named = postgres && !/^## .*PostgreSQL/m.test(section) ? section.replace(/^## (.*)$/m, '## $1 — PostgreSQL') : section;
  process.stdout.write(`${named}\n`);
  sections.push(named);
  const name = `${file}${postgres ? ' (PostgreSQL)' : ''}`;
  if (run.status === BUSY_EXIT_CODE) busy = [...busy, name];
  else if (run.status !== 0) failed = [...failed, name];
}

if (filter === '') {
  const header = `# Performance\n\nMeasured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} ` +
    `(Node ${process.version}, ${process.platform}/${process.arch}). Figures vary with the machine's load; ` +
    'each section states its budgets. The timing benches ' +
    `(${TIMING.join(', ')}) ran first, alone, each after waiting for a quiet machine; ` +
    'a figure taken while another process used the CPU is marked "not judged (machine busy)".\n';
  writeFileSync(fileURLToPath(new URL('../../docs/performance.md', import.meta.url)), `${header}\n${sections.join('\n\n')}\n`);
}
if (busy.length > 0) process.stderr.write(`\nMachine busy, not judged: ${busy.join(', ')} (run them again alone)\n`);
if (failed.length > 0) {
  process.stderr.write(`\nBudgets missed in: ${failed.join(', ')}\n`);
  process.exit(1);
}
if (busy.length > 0) process.exit(BUSY_EXIT_CODE);
