/**
 * A throwaway cluster from the system's binaries (Debian's `postgresql`
 * package: /usr/lib/postgresql/<version>/bin, or initdb on PATH). PostgreSQL
 * refuses to run as root: as root the cluster belongs to the `postgres`
 * system user (runuser); otherwise to whoever runs it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, THROWAWAY_SETTINGS, waitUntilReady, type Cluster } from './cluster-process';

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

/** The command as the cluster's owner: `postgres` when we are root. */
function asOwner(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() === 0) return ['runuser', ['-u', 'postgres', '--', command, ...args]];
  return [command, args];
}

export async function startSystemCluster(bin: string): Promise<Cluster> {
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
  const [command, args] = asOwner(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, ...THROWAWAY_SETTINGS]);
  const server: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let version: string;
  try {
    version = await waitUntilReady(adminUrl, () => (server.exitCode !== null ? log : null));
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    adminUrl,
    version,
    label: `PostgreSQL ${version} (system binaries)`,
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
