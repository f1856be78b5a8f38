/**
 * PostgreSQL's own client tools (pg_dump, pg_restore), found and run with a
 * connection URL that never leaves this process with its password in it: the
 * password goes to the tool in PGPASSWORD (readable only by this user in
 * /proc), the URL without it on the command line (which `ps` shows to every
 * user), and anything the tool prints is scrubbed of the password before it
 * reaches an error message.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type PgTool = 'pg_dump' | 'pg_restore';

export interface ToolSearch {
  /** Folders to look in first, as in PATH. */
  path: string;
  /** Debian's side-by-side versions: <root>/<major>/bin. */
  versionsRoot: string;
}

const DEFAULT_SEARCH: ToolSearch = { path: process.env.PATH ?? '', versionsRoot: '/usr/lib/postgresql' };

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The tool on PATH, else in the newest /usr/lib/postgresql/<major>/bin (not on PATH on Debian without postgresql-client-common); null if neither. */
export function findPgTool(tool: PgTool, search: ToolSearch = DEFAULT_SEARCH): string | null {
  for (const folder of search.path.split(delimiter)) {
    if (folder !== '' && executable(join(folder, tool))) return join(folder, tool);
  }
  if (!existsSync(search.versionsRoot)) return null;
  const newest = readdirSync(search.versionsRoot)
    .filter((version) => /^\d+(\.\d+)?$/.test(version) && executable(join(search.versionsRoot, version, 'bin', tool)))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? null : join(search.versionsRoot, newest, 'bin', tool);
}

export function requirePgTool(tool: PgTool, search: ToolSearch = DEFAULT_SEARCH): string {
  const found = findPgTool(tool, search);
  if (found === null) {
    throw new Error(`${tool} was not found on PATH nor in ${search.versionsRoot}/<version>/bin: install PostgreSQL's client tools (Debian and Ubuntu: apt-get install postgresql-client), the same major version as the server or newer`);
  }
  return found;
}

export interface PgConnection {
  /** The URL without its password: for the tool's --dbname and for messages. */
  shown: string;
  /** The tool's environment: PGPASSWORD when the URL has a password. */
  env: NodeJS.ProcessEnv;
  /** `text` with every form of the password replaced by ***. */
  scrub(text: string): string;
}

export function pgConnection(url: string, env: NodeJS.ProcessEnv = process.env): PgConnection {
  const parsed = new URL(url);
  const encoded = parsed.password;
  parsed.password = '';
  const secrets = encoded === '' ? [] : [...new Set([encoded, decodeURIComponent(encoded)])];
  return {
    shown: parsed.href,
    env: {
      ...env,
      ...(secrets.length > 0 ? { PGPASSWORD: decodeURIComponent(encoded) } : {}),
      PGAPPNAME: env.PGAPPNAME ?? 'shortlink-backup',
      // An unreachable host fails within seconds instead of the OS's TCP timeout (minutes).
      PGCONNECT_TIMEOUT: env.PGCONNECT_TIMEOUT ?? '10',
    },
    scrub: (text) => secrets.reduce((out, secret) => out.replaceAll(secret, '***'), text),
  };
}

/** Kept of a tool's stderr: its errors come last, and a verbose run must not fill memory. */
const STDERR_KEPT = 8000;

/** Runs the tool to its end; rejects with its stderr (scrubbed) when it fails. Resolves with its stdout. */
export function runPgTool(file: string, args: string[], connection: PgConnection, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // --no-password: never wait for a prompt (cron, a service manager); a missing password is an error.
    const child = spawn(file, ['--no-password', ...args], { env: connection.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-STDERR_KEPT);
    });
    child.on('error', (error) => reject(new Error(`${what}: ${connection.scrub(error.message)}`)));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out).toString());
      const reason = err.trim() === '' ? `exit ${code ?? signal}` : err.trim();
      reject(new Error(`${what}: ${connection.scrub(reason)}`));
    });
  });
}
