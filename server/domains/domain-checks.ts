import type { AppContext } from '../context';
import { lookupNameservers } from './dns-verifier';
import { challengeValue } from './domain-challenge';
import { apexOf } from './domain-name';
import type { DomainRow } from './domain-record';

/** A domain's DNS is asked again at most this often when domains are listed. */
export const RECHECK_AFTER_MS = 60_000;

/**
 * Verifies domains whose last check is older than a minute (or all of `rows`
 * when `force`), stores the flags, and updates `rows` in place so the caller
 * answers with fresh values. domainSetupped needs both: the routing record
 * reaches the service (dnsConfigured) AND the TXT ownership proof holds the
 * value of the workspace that has the domain (pingVerified), so a domain
 * whose DNS merely points here cannot be used by whoever claimed it first.
 * The proof's value is derived again each time (domain-challenge.ts), so
 * domains added before the proof existed are asked for it too.
 *
 * Checked once, not once per instance: a check first claims the row by moving
 * its checked_ms from the value read to now (one UPDATE; only one instance's
 * can match). An instance that loses the claim answers with the stored flags;
 * a check that fails gives its claim back, so the next listing asks again.
 */
export async function refreshDomains(ctx: AppContext, rows: DomainRow[], force = false): Promise<void> {
  const { db } = ctx;
  const started = ctx.now().getTime();
  const due = rows.filter((row) => force || started - row.checked_ms >= RECHECK_AFTER_MS);
  await Promise.all(
    due.map(async (row) => {
      const before = row.checked_ms;
      const claimed = await db.run('UPDATE domains SET checked_ms = ? WHERE id = ? AND checked_ms = ?', [started, row.id, before]);
      if (claimed.changes === 0) return;
      let flags: Awaited<ReturnType<AppContext['dns']['verify']>>;
      let nameservers: string[];
      try {
        [flags, nameservers] = await Promise.all([
          ctx.dns.verify({
            domain: row.domain,
            isSubDomain: row.is_sub_domain === 1,
            verifyToken: await challengeValue(db, row.workspace_id, row.domain),
          }),
          // Trusted mode serves made-up local names (go.localhost): no DNS to ask.
          ctx.config.trustDomains ? Promise.resolve([]) : lookupNameservers(apexOf(row.domain)),
        ]);
      } catch (error) {
        // A verifier that fails leaves the last known flags; the listing or creation still answers.
        console.error(`[domains] checking ${row.domain} failed: ${error instanceof Error ? error.message : String(error)}`);
        await db.run('UPDATE domains SET checked_ms = ? WHERE id = ? AND checked_ms = ?', [before, row.id, started]);
        return;
      }
      Object.assign(row, {
        dns_configured: flags.dnsConfigured ? 1 : 0,
        domain_setupped: flags.dnsConfigured && flags.pingVerified ? 1 : 0,
        ping_verified: flags.pingVerified ? 1 : 0,
        ssl_configured: flags.sslConfigured ? 1 : 0,
        nameservers: JSON.stringify(nameservers),
        checked_ms: ctx.now().getTime(),
      });
      // The domain may have been deleted while DNS was asked; then this updates nothing.
      await db.run(
        `UPDATE domains SET dns_configured = ?, domain_setupped = ?, ping_verified = ?, ssl_configured = ?,
           nameservers = ?, checked_ms = ? WHERE id = ?`,
        [row.dns_configured, row.domain_setupped, row.ping_verified, row.ssl_configured, row.nameservers, row.checked_ms, row.id],
      );
    }),
  );
}
