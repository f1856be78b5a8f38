import { Hono } from 'hono';
import { CreateDomainBodySchema, DomainListQuerySchema, UpdateDomainBodySchema, type DomainListQuery } from '../../lib/contract/schemas';
import { normaliseHost } from '../../lib/contract/host';
import { UNPROVEN_DOMAINS_PER_WORKSPACE_MAX } from '../../lib/contract/workspace-limits';
import { routingRecord, serviceIpv4 } from '../domains/dns-records';
import { challengeRecord, challengeValue } from '../domains/domain-challenge';
import { refreshDomains } from '../domains/domain-checks';
import { checkDomainName } from '../domains/domain-name';
import { DOMAIN_COLUMNS, toCustomDomain, type DomainRow } from '../domains/domain-record';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { insertionOrder, orderClause, pageInfo } from '../http/paging';
import { readQuery } from '../http/validate';
import { newId } from '../links/random-keyword';
import { mutatingRoute } from './mutation';
import type { RouteDeps } from './route-deps';

/**
 * GET/POST/PATCH /customDomain. Deleting a domain deletes the workspace's
 * links on it too (with their clicks and events): without the domain they
 * can never be reached again, and keeping them would keep the domain's name
 * in use. The answer says how many links went with it.
 *
 * Creating answers two records (docs/interface.md has room for one `mandatory`
 * and one `optional` descriptor; both records are needed before the domain
 * is set up, see docs/service.md):
 * - mandatory: the TXT ownership proof `_shortlink-challenge.<domain>`, with
 *   this workspace's value (domain-challenge.ts). It is the record that makes
 *   the domain this workspace's, the one the user cannot work out alone, and
 *   the one the listings keep showing (configDetails.mandatory);
 * - optional: the routing record (CNAME, A or ALIAS to the service), the
 *   same for every domain. "optional" in the interface's words only: the
 *   domain is set up when both are in DNS.
 * A domain held by another workspace is DOMAIN_TAKEN, whose message says
 * nothing of the holder, only how this workspace can prove control: once its
 * own proof is in DNS, asking again takes the domain over (the former
 * holder's links on it are deleted, as when a domain is deleted).
 *
 * A claim holds the name against every other workspace until it is proven,
 * so a workspace may hold only a few unproven ones
 * (DOMAIN_CLAIM_LIMIT_REACHED); and each creation makes the service ask DNS
 * about names the tenant chooses, so creations are rate-limited per token.
 */
export function domainRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx, idempotency, domainLimiter } = deps;
  const { db, config } = ctx;
  const app = new Hono<ApiEnv>();
  const holderOf = (domain: string) =>
    db.get<{ id: string; workspace_id: string }>('SELECT id, workspace_id FROM domains WHERE domain = ?', [domain]);
  const byId = (id: string, workspaceId: string) =>
    db.get<DomainRow>(`SELECT ${DOMAIN_COLUMNS} FROM domains WHERE id = ? AND workspace_id = ?`, [id, workspaceId]);
  const deleteLinks = (workspaceId: string, domain: string) => db.run('DELETE FROM links WHERE workspace_id = ? AND domain = ?', [workspaceId, domain]);
  const deleteDomain = (id: string) => db.run('DELETE FROM domains WHERE id = ?', [id]);
  // Ties broken by insertion order in the same direction, so paging is stable.
  const pageOf = (query: DomainListQuery) =>
    db.all<DomainRow>(
      `SELECT ${DOMAIN_COLUMNS} FROM domains WHERE workspace_id = ?
       ${orderClause(query.orderBy === 'domain' ? 'domain' : 'created_date', query.orderType, insertionOrder(db))} LIMIT ? OFFSET ?`,
      [query.workspaceId, query.pageSize, query.cursor],
    );
  // publicUrl is read per request: with port 0 it is known only after listening.
  const serviceHost = (): string => new URL(config.publicUrl).hostname;
  const withProof = async (row: DomainRow) =>
    toCustomDomain(row, challengeRecord(row.domain, await challengeValue(db, row.workspace_id, row.domain)));

  app.get('/customDomain', async (c) => {
    const query = readQuery(c, DomainListQuerySchema);
    assertWorkspace(c, query.workspaceId);
    const rows = await pageOf(query);
    await refreshDomains(ctx, rows);
    const total = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM domains WHERE workspace_id = ?', [query.workspaceId]))?.n ?? 0;
    return c.json({
      status: true,
      data: { pageInfo: pageInfo(query.cursor, query.pageSize, rows.length, total), list: await Promise.all(rows.map(withProof)) },
    });
  });

  app.post('/customDomain', mutatingRoute(idempotency, CreateDomainBodySchema, async (c, { body, auth, scope }) => {
    const name = checkDomainName(body.domain);
    if (!name.ok) throw new ApiError('INVALID_DOMAIN', name.reason);
    const host = serviceHost();
    if (name.domain === normaliseHost(host)?.hostname) throw new ApiError('INVALID_DOMAIN', "domain is this service's own host");
    // Reserved before DNS is asked about the name, so concurrent requests cannot together pass the limit.
    // Spent by a domain written or a takeover proof asked of DNS; given back by any other outcome.
    const unit = await domainLimiter.reserve(auth.tokenId);
    let spent = false;
    try {
      const proofValue = await challengeValue(db, body.workspaceId, name.domain);
      const mandatory = challengeRecord(name.domain, proofValue);
      const optional = routingRecord(name.domain, name.isSubDomain, host, await serviceIpv4(host));
      const id = newId();
      // Held by another workspace: DNS is asked (outside the write) whether this workspace has proved control.
      const heldBefore = await holderOf(name.domain);
      const contested = heldBefore !== undefined && heldBefore.workspace_id !== body.workspaceId;
      spent = contested && !config.trustDomains;
      const proven = contested && (await provesControl(name.domain, name.isSubDomain, proofValue));

      const { response, written } = await idempotency.commit(c, scope, async () => {
        // Two workspaces (or instances) adding one domain at once: the second waits and then sees the first.
        await db.lock(`domain ${name.domain}`);
        const holder = await holderOf(name.domain);
        if (holder) {
          // One message whoever holds it: it must not tell which workspace has the domain, only what this one can do.
          if (holder.workspace_id === body.workspaceId) throw new ApiError('DOMAIN_TAKEN', TAKEN);
          if (!proven) throw new ApiError('DOMAIN_TAKEN', config.trustDomains ? TAKEN : `${TAKEN}. ${howToProve(proofValue)}`);
          // Proven: the domain changes hands. The former holder's links on it would otherwise be served on this workspace's domain.
          await deleteLinks(holder.workspace_id, name.domain);
          await deleteDomain(holder.id);
        } else {
          await assertRoomForClaim(body.workspaceId);
        }
        await db.run(
          `INSERT INTO domains (id, workspace_id, domain, is_sub_domain, verify_token, created_date, mandatory)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [id, body.workspaceId, name.domain, name.isSubDomain ? 1 : 0, proofValue, ctx.now().toISOString(), JSON.stringify(optional)],
        );
        return { status: true, data: { linkId: id, mandatory, optional } };
      });
      if (written) {
        spent = true;
        // Checked once now, so a domain whose DNS is already right (or trusted) can be used at once.
        const row = await byId(id, body.workspaceId);
        if (row) await refreshDomains(ctx, [row], true);
      }
      return response;
    } finally {
      if (!spent) await unit.refund();
    }
  }));

  /**
   * A new claim must fit the workspace's allowance of claims not set up. Inside the write, under a
   * lock per workspace, so concurrent claims (on any instance) cannot together pass it. A takeover
   * needs no room: its proof is in DNS already.
   */
  async function assertRoomForClaim(workspaceId: string): Promise<void> {
    await db.lock(`domain claims ${workspaceId}`);
    const row = await db.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM domains WHERE workspace_id = ? AND domain_setupped = 0', [workspaceId]);
    const unproven = Number(row?.n ?? 0);
    if (unproven < UNPROVEN_DOMAINS_PER_WORKSPACE_MAX) return;
    throw new ApiError(
      'DOMAIN_CLAIM_LIMIT_REACHED',
      `A workspace may have at most ${UNPROVEN_DOMAINS_PER_WORKSPACE_MAX} custom domains that are not set up, and this one has ${unproven}. ` +
        'Set one of them up (publish its DNS records) or delete one it does not need, then add this domain again',
    );
  }

  /** True when `domain`'s `_shortlink-challenge` TXT holds `value`. Never in trusted mode: it asks no DNS, so it proves nothing. */
  async function provesControl(domain: string, isSubDomain: boolean, value: string): Promise<boolean> {
    if (config.trustDomains) return false;
    try {
      return (await ctx.dns.verify({ domain, isSubDomain, verifyToken: value })).pingVerified;
    } catch {
      return false;
    }
  }

  app.patch('/customDomain', mutatingRoute(idempotency, UpdateDomainBodySchema, async (c, { body, scope }) =>
    (await idempotency.commit(c, scope, async () => {
      const row = await byId(body.customDomainId, body.workspaceId);
      if (!row) throw new ApiError('DOMAIN_NOT_FOUND', 'customDomainId does not name a domain of this workspace');
      if (body.deleteDomain === true) {
        const { changes } = await deleteLinks(body.workspaceId, row.domain);
        await deleteDomain(row.id);
        return { status: true, data: `Domain ${row.domain} deleted with its ${changes} link${changes === 1 ? '' : 's'}` };
      }
      if (body.httpToHttps === undefined) return { status: true, data: `Domain ${row.domain} unchanged` };
      await db.run('UPDATE domains SET http_to_https = ? WHERE id = ?', [body.httpToHttps ? 1 : 0, row.id]);
      return { status: true, data: `Domain ${row.domain} updated: HTTP to HTTPS redirect ${body.httpToHttps ? 'on' : 'off'}` };
    })).response,
  ));

  return app;
}

const TAKEN = 'domain is already connected to a workspace';

/** Names neither the domain nor its holder: only what this workspace can publish. */
function howToProve(proofValue: string): string {
  return (
    'To take it over, prove control of its DNS: publish a TXT record named _shortlink-challenge. followed by ' +
    `the domain, with the value ${proofValue}, then ask again`
  );
}
