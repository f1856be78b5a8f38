/** `npm run server -- token …`: make, list and revoke API tokens in the data folder's database. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import * as v from 'valibot';
import { encodeConnectionCode } from '../lib/contract/connection-code';
import { PLAIN_TEXT_PROBLEM_TEXT, plainTextProblem } from '../lib/contract/plain-text';
import { IdSchema } from '../lib/contract/schemas';
import { UsageError } from './cli-usage';
import { withEnvironment } from './ops/env-options';
import { DEFAULT_CONFIG, defaultDataDir } from './config';
import { isPostgresUrl, openDatabase, type Database } from './db/open';
import { createToken } from './http/auth';
import { listTokens, revokeToken, type TokenSummary } from './http/token-admin';
import { parseExpiry } from './http/token-expiry';

export const TOKEN_HELP = `Usage: npm run server -- token --workspace W [--data DIR | --database URL] [--public-url URL] [--name NAME] [--expires WHEN]
       npm run server -- token list [--data DIR | --database URL]
       npm run server -- token revoke ID [--data DIR | --database URL]

token: makes a token for workspace W (created if new) and prints it as the last line.
Before it, a connection code: one line with the service's address, the token and the
workspace, which the browser extension's welcome page takes in one paste. Both are
shown only once (the service stores only the token's hash) and both are secrets.

  --workspace W   workspace id (letters, digits, ".", ":", "-", "_")
  --data DIR      data folder (default ${DEFAULT_CONFIG.dataDir}; or SHORTLINK_DATA, as serve takes it)
  --database URL  the service's PostgreSQL database (postgres://…) instead of a data folder
                  (or SHORTLINK_DATABASE)
  --public-url URL  the origin the service is reached at, as serve takes it, for the connection code
                  (default ${DEFAULT_CONFIG.publicUrl}; or SHORTLINK_PUBLIC_URL)
  --name NAME     shown as createdBy / modifiedBy on links (default "cli")
  --expires WHEN  when the service starts refusing it: an ISO date (2027-01-31, 00:00 UTC),
                  an ISO date-time with zone (2027-01-31T18:00Z) or a duration (30d, 12h, 45m, 2w);
                  default: never

token list: every token's id, name, workspaces, creation, expiry and revocation
(never the token nor its hash).

token revoke ID: the service refuses token ID (401) from its next request on,
also while it is running. The token stays listed as revoked.`;

const LOCATION_OPTIONS = {
  data: { type: 'string' },
  database: { type: 'string' },
} satisfies ParseArgsConfig['options'];

const MAKE_OPTIONS = {
  workspace: { type: 'string' },
  ...LOCATION_OPTIONS,
  'public-url': { type: 'string' },
  name: { type: 'string' },
  expires: { type: 'string' },
  help: { type: 'boolean' },
} satisfies ParseArgsConfig['options'];

const DATA_OPTIONS = { ...LOCATION_OPTIONS, help: { type: 'boolean' } } satisfies ParseArgsConfig['options'];

/**
 * The database the flags name: `--database URL` (PostgreSQL) or `--data DIR`
 * (SQLite, the default folder). A flag not given is taken from
 * SHORTLINK_DATABASE or SHORTLINK_DATA, as `serve` takes it: a token made on
 * a machine whose environment names the service's database goes into that
 * database, not into a new local folder.
 */
export function locationOf(flags: { data?: string; database?: string }, env: NodeJS.ProcessEnv = process.env): string {
  const values = withEnvironment({ data: flags.data, database: flags.database }, LOCATION_OPTIONS, env);
  if (values.database === undefined) return values.data ?? defaultDataDir(env);
  if (!isPostgresUrl(values.database)) throw new UsageError('--database must be a postgres:// or postgresql:// URL');
  if (values.data !== undefined) throw new UsageError('--data (SQLite) and --database (PostgreSQL) name two databases: give one');
  return values.database;
}

async function withDatabase<T>(location: string, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase(location);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

export async function tokenCommand(args: string[], now: Date = new Date()): Promise<void> {
  if (args[0] === 'list') return list(args.slice(1));
  if (args[0] === 'revoke') return revoke(args.slice(1), now);
  return make(args, now);
}

async function make(args: string[], now: Date): Promise<void> {
  const { values } = parseArgs({ args, options: MAKE_OPTIONS, strict: true, allowPositionals: false });
  if (values.help) {
    console.log(TOKEN_HELP);
    return;
  }
  if (values.workspace === undefined) throw new UsageError('--workspace is required');
  const workspace = v.safeParse(IdSchema, values.workspace);
  if (!workspace.success) throw new UsageError(`--workspace ${workspace.issues[0]?.message ?? 'is invalid'}`);
  const name = (values.name ?? 'cli').trim();
  if (name === '' || name.length > 100) throw new UsageError('--name must be 1 to 100 characters');
  // Shown as createdBy / modifiedBy on links, in token lists and logs: no controls, and no bidi or
  // zero-width marks that would make it read as another name.
  const problem = plainTextProblem(name);
  if (problem !== null) throw new UsageError(`--name ${PLAIN_TEXT_PROBLEM_TEXT[problem]}`);
  let expiresAt: Date | undefined;
  if (values.expires !== undefined) {
    const expiry = parseExpiry(values.expires, now);
    if (!expiry.ok) throw new UsageError(`--expires ${expiry.reason}`);
    expiresAt = expiry.at;
  }
  const publicUrl = withEnvironment({ 'public-url': values['public-url'] }, { 'public-url': { type: 'string' } }, process.env)['public-url'] ?? DEFAULT_CONFIG.publicUrl;
  if (!/^https?:\/\/[^/]+\/?$/.test(publicUrl)) {
    throw new UsageError(`--public-url must be an http(s) origin such as https://sho.rt, not "${publicUrl}"`);
  }
  const location = locationOf(values);
  const { made, shown } = await withDatabase(location, async (db) => ({
    made: await createToken(db, workspace.output, name, now, expiresAt),
    shown: db.location,
  }));
  const until = expiresAt ? `, valid until ${expiresAt.toISOString()}` : '';
  const code = encodeConnectionCode({ apiBase: `${publicUrl.replace(/\/$/, '')}/api`, token: made, workspaceId: workspace.output });
  console.log(`Token "${name}" for workspace "${workspace.output}" (data: ${shown}${until}), for the service at ${publicUrl}.`);
  console.log('Connection code: paste it in the browser extension\'s welcome page. It holds the token: keep it secret.');
  console.log(code);
  console.log('The token alone (for other clients and scripts). Both are shown only once:');
  console.log(made);
}

const COLUMNS = ['id', 'name', 'workspaces', 'created', 'expires', 'revoked'] as const;

function cells(token: TokenSummary): string[] {
  return [String(token.id), token.name, token.workspaces.join(','), token.created, token.expires ?? 'never', token.revoked ?? '-'];
}

async function list(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: DATA_OPTIONS, strict: true, allowPositionals: false });
  if (values.help) {
    console.log(TOKEN_HELP);
    return;
  }
  const tokens = await withDatabase(locationOf(values), listTokens);
  if (tokens.length === 0) {
    console.log('No tokens.');
    return;
  }
  const rows = [[...COLUMNS], ...tokens.map(cells)];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd());
}

async function revoke(args: string[], now: Date): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: DATA_OPTIONS, strict: true, allowPositionals: true });
  if (values.help) {
    console.log(TOKEN_HELP);
    return;
  }
  const [raw, ...extra] = positionals;
  if (raw === undefined || extra.length > 0) throw new UsageError('token revoke takes one token id (see token list)');
  const id = tokenId(raw);
  const outcome = await withDatabase(locationOf(values), (db) => revokeToken(db, id, now));
  if (outcome === 'not-found') throw new Error(`no token has id ${id} (see token list)`);
  console.log(outcome === 'revoked' ? `Token ${id} revoked.` : `Token ${id} was already revoked.`);
}

/**
 * A token id as typed: digits only, 1 up to the largest integer JavaScript
 * holds exactly. Beyond it Number() rounds, and another id would be looked up
 * (9999999999999999 reads as 10000000000000000).
 */
function tokenId(raw: string): number {
  const id = /^[1-9]\d*$/.test(raw) ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new UsageError(`token id must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, not "${raw}"`);
  }
  return id;
}
