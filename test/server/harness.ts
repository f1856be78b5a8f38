import { DEFAULT_CONFIG, type ServerConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { createToken } from '../../server/http/auth';
import { startServer, type RunningServer } from '../../server/start';
import { testLocation } from './test-database';

/**
 * A real service on a free loopback port with its own database: a temporary
 * data folder, or a fresh PostgreSQL database in the postgres project.
 */
export interface Harness {
  server: RunningServer;
  /** `${url}/api` */
  api: string;
  /** Makes a token granting `workspaceId` (created if new). */
  token(workspaceId: string, name?: string): Promise<string>;
  call(method: string, path: string, init?: CallInit): Promise<Answer>;
  /** Row count of a table: tests assert that failed requests wrote nothing. */
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

export interface CallInit {
  token?: string;
  /** Sent as JSON with Content-Type: application/json, unless `raw` is given. */
  body?: unknown;
  raw?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
  json: Record<string, unknown>;
}

export async function startHarness(config: Partial<ServerConfig> = {}, overrides: Partial<AppContext> = {}): Promise<Harness> {
  const where = await testLocation();
  const server = await startServer(
    // Warnings and errors only: a line per request would bury the test output.
    { ...DEFAULT_CONFIG, port: 0, publicUrl: '', ...where.config, createRateLimitPerMinute: 100_000, domainRateLimitPerMinute: 100_000, logLevel: 'warn', ...config },
    overrides,
  );
  const api = `${server.url}/api`;
  return {
    server,
    api,
    token: (workspaceId, name = `test-${workspaceId}`) => createToken(server.ctx.db, workspaceId, name),
    async call(method, path, init = {}) {
      const url = new URL(`${api}${path}`);
      for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      if (init.token !== undefined) headers.Authorization = `Bearer ${init.token}`;
      let body: string | undefined = init.raw;
      if (body === undefined && init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['Content-Type'] ??= 'application/json';
      }
      const res = await fetch(url, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      const json = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
      return { status: res.status, headers: res.headers, body: parsed, json };
    },
    count: async (table) => (await server.ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0,
    async close() {
      await server.close();
      await where.remove();
    },
  };
}

/** The error envelope's single entry, after checking its shape. */
export function errorOf(answer: Answer): { code: string; errorMessage: string } {
  const { status, errors } = answer.json;
  if (status !== false || !Array.isArray(errors) || errors.length !== 1) {
    throw new Error(`not an error envelope: ${JSON.stringify(answer.body)}`);
  }
  const entry = errors[0] as { code?: unknown; errorMessage?: unknown };
  if (typeof entry.code !== 'string' || typeof entry.errorMessage !== 'string') {
    throw new Error(`bad error entry: ${JSON.stringify(entry)}`);
  }
  return { code: entry.code, errorMessage: entry.errorMessage };
}
