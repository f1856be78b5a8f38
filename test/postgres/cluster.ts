/**
 * A throwaway PostgreSQL cluster for tests and benchmarks, from the system's
 * binaries (Debian's `postgresql` package: /usr/lib/postgresql/<version>/bin,
 * or initdb on PATH). PostgreSQL refuses to run as root: as root the cluster
 * belongs to the `postgres` system user (runuser); otherwise to whoever runs
 * it. Durability is off (fsync, synchronous_commit): a crash of the machine
 * loses a test database, which nobody keeps anyway.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

export interface Cluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  adminUrl: string;
  stop(): Promise<void>;
}

/** The folder holding initdb and postgres, or null when PostgreSQL is not installed. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return which.status === 0 && found !== '' ? join(found, '..') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The command as the cluster's owner: `postgres` when we are root. */
function asOwner(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() === 0) return ['runuser', ['-u', 'postgres', '--', command, ...args]];
  return [command, args];
}

export async function startCluster(): Promise<Cluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql): the PostgreSQL tests need its initdb and postgres');
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()));
    chmodSync(dir, 0o700);
  }
  const [initCommand, initArgs] = asOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
  const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const [command, args] = asOwner(join(bin, 'postgres'), [
    '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'max_connections=400', '-c', 'shared_buffers=128MB',
  ]);
  const server: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined, connect_timeout: 2 });
    try {
      await sql`SELECT 1`;
      await sql.end();
      break;
    } catch (error) {
      await sql.end({ timeout: 0 }).catch(() => undefined);
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill('SIGKILL');
        throw new Error(`PostgreSQL did not start: ${String(error)}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    adminUrl,
    async stop() {
      await new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        // SIGINT: PostgreSQL's fast shutdown, sent to postgres itself: runuser (as root) does not pass it on.
        const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(Number.isInteger(postmaster) && postmaster > 0 ? postmaster : (server.pid ?? 0), 'SIGINT');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
