import { createHmac, randomBytes } from 'node:crypto';
import type { DnsRecord } from '../../lib/contract/schemas';
import type { Sql } from '../db/sql';

/**
 * The ownership proof of a custom domain: a TXT record at
 * `_shortlink-challenge.<domain>` holding a value made for ONE workspace and
 * ONE domain, HMAC-SHA256(secret, workspace id + domain). The secret is made
 * once per database (service_secrets, 005-domain-challenge.sql) and never
 * leaves the service, so:
 * - the value differs per workspace and per domain;
 * - no workspace can compute another's value, so publishing its own value
 *   proves control of the domain's DNS to the service, and nothing else does;
 * - it is derived, not stored: the same workspace asking again gets the same
 *   value, and it survives a domain being deleted and added back.
 */
export function challengeHost(domain: string): string {
  return `_shortlink-challenge.${domain}`;
}

const SECRET_NAME = 'domain-challenge';
const secrets = new WeakMap<Sql, Buffer>();

async function secretOf(db: Sql): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    // ON CONFLICT DO NOTHING: processes on one database (the CLI, other instances) agree on the first one made.
    await db.run('INSERT INTO service_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING', [SECRET_NAME, randomBytes(32)]);
    secret = (await db.get<{ value: Buffer }>('SELECT value FROM service_secrets WHERE name = ?', [SECRET_NAME]))?.value;
    if (!secret) throw new Error('service_secrets has no domain-challenge secret');
    secrets.set(db, secret);
  }
  return secret;
}

/** The TXT value that proves `workspaceId` controls `domain` (normalised, see domain-name.ts). */
export async function challengeValue(db: Sql, workspaceId: string, domain: string): Promise<string> {
  // The NUL separator keeps ("ab", "c.d") and ("a", "bc.d") apart; neither id nor domain can hold one.
  return createHmac('sha256', await secretOf(db)).update(`${workspaceId}\0${domain}`, 'utf8').digest('hex');
}

export function challengeRecord(domain: string, value: string): DnsRecord {
  return { recordType: 'TXT', hostname: challengeHost(domain), pointsTo: value };
}
