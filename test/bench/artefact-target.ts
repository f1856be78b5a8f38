/**
 * The service as operators run it, for the redirect bench: the built artefact
 * (`npm run build:server`, then `node dist/server/cli.js serve`, docs/deploy.md)
 * in its own process with its default options (log level info, JSON lines on
 * stdout), on a SQLite folder or a PostgreSQL database made beforehand with one
 * short link in it. Its CPU time (all threads) is read from /proc, so the
 * process runs exactly as deployed, with nothing added to answer the bench.
 * BENCH_LAUNCH=tsx runs the sources instead (`npx tsx server/cli.ts serve`,
 * the development path), and BENCH_CPU_PROF=DIR writes a V8 CPU profile of
 * the service's main thread there (`node --cpu-prof`), for comparisons.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db/open';
import { createToken } from '../../server/http/auth';
import { benchDatabase, type BenchDatabase } from './bench-database';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH_LAUNCH = process.env.BENCH_LAUNCH === 'tsx' ? 'tsx' : 'built';
const LONG_URL = 'https://example.com/some/landing/page?utm_source=bench';
const KEYWORD = 'bench01';
/** Linux's clock ticks per second for /proc/PID/stat (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;

export interface ServiceProcess {
  child: ChildProcessWithoutNullStreams;
  /** The short link's URL. */
  url: string;
  where: BenchDatabase;
}

/** `npm run build:server`: dist/server, as docs/deploy.md has operators build it. */
export function buildArtefact(): void {
  const run = spawnSync(process.execPath, [`${ROOT}scripts/build-server.mjs`], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error('npm run build:server failed');
}

/** Makes the database (schema, a token, the short link), then starts `serve` on it on a free port. */
export async function startService(): Promise<ServiceProcess> {
  const where = await benchDatabase('redirect-bench-');
  const db = await openDatabase(where.location);
  await createToken(db, 'bench', 'bench');
  await db.run(
    `INSERT INTO links (id, workspace_id, domain, keyword, long_url, created_by, modified_by, created_date)
     VALUES ('bench-link', 'bench', '', ?, ?, 'bench', 'bench', ?)`,
    [KEYWORD, LONG_URL, new Date().toISOString()],
  );
  await db.close();
  const database = where.kind === 'postgres' ? ['--database', where.location] : ['--data', where.location];
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const entry = BENCH_LAUNCH === 'tsx' ? ['--import', 'tsx', `${ROOT}server/cli.ts`] : [`${ROOT}dist/server/cli.js`];
  const child = spawn(process.execPath, [...profile, ...entry, 'serve', '--port', '0', ...database], {
    cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.pipe(process.stderr);
  const lines = createInterface({ input: child.stdout });
  const origin = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const served = /^Serving the API at (\S+)\/api /.exec(line);
      if (served?.[1]) resolve(served[1]);
      // Anything else the service says (its log lines) is read and dropped, as a log collector would.
    });
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening`)));
  });
  return { child, url: `${origin}/${KEYWORD}`, where };
}

/** CPU time a process has used so far, all its threads, in microseconds (Linux /proc). */
export function processCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
}

/** SIGTERM (the service writes its buffered clicks and exits), then the clicks the link has in the database. */
export async function stopService(service: ServiceProcess): Promise<number> {
  const exited = new Promise<void>((resolve) => service.child.once('exit', () => resolve()));
  service.child.kill('SIGTERM');
  await exited;
  const db = await openDatabase(service.where.location);
  const clicks = (await db.get<{ n: number }>("SELECT total_clicks AS n FROM links WHERE id = 'bench-link'"))?.n ?? -1;
  await db.close();
  await service.where.remove();
  return clicks;
}
