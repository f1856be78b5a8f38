/**
 * What every throwaway PostgreSQL cluster shares, whichever binaries run it
 * (system-cluster.ts, embedded-cluster.ts): its shape, its settings, a free
 * port and the wait until it answers.
 */
import { createServer } from 'node:net';
import postgres from 'postgres';

export interface Cluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres; it trusts every local connection. */
  adminUrl: string;
  /** The server's version: "15.18". */
  version: string;
  /** What runs it, for benchmark reports: "PostgreSQL 15.18 (system binaries)". */
  label: string;
  stop(): Promise<void>;
}

/** Server settings of every throwaway cluster: loopback only, no durability, room for several instances' pools. */
export const THROWAWAY_SETTINGS = [
  '-c', 'listen_addresses=127.0.0.1',
  '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
  '-c', 'max_connections=400', '-c', 'shared_buffers=128MB',
];

export function freePort(): Promise<number> {
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

/** Waits until the cluster answers; `failed` tells (with its log) when the server has given up. */
export async function waitUntilReady(adminUrl: string, failed: () => string | null): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined, connect_timeout: 2 });
    try {
      const [row] = await sql<{ server_version: string }[]>`SHOW server_version`;
      await sql.end();
      return row?.server_version ?? '';
    } catch (error) {
      await sql.end({ timeout: 0 }).catch(() => undefined);
      const reason = failed();
      if (reason !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${String(error)}\n${reason ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

