import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Statement } from 'better-sqlite3';
import { CreateDomainBodySchema, DomainListQuerySchema, UpdateDomainBodySchema, type DomainListQuery } from '../../lib/api/schemas';
import { mandatoryRecord, serviceIpv4, verificationRecord } from '../domains/dns-records';
import { refreshDomains } from '../domains/domain-checks';
import { checkDomainName } from '../domains/domain-name';
import { DOMAIN_COLUMNS, toCustomDomain, type DomainRow } from '../domains/domain-record';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { orderClause, pageInfo } from '../http/paging';
import { readQuery } from '../http/validate';
import { newId } from '../links/random-keyword';
import { mutatingRoute } from './mutation';
import type { RouteDeps } from './route-deps';

/**
 * GET/POST/PATCH /customDomain. Deleting a domain deletes the workspace's
 * links on it too (with their clicks and events): without the domain they
 * can never be reached again, and keeping them would keep the domain's name
 * in use. The answer says how many links went with it.
 */
export function domainRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx, idempotency } = deps;
  const { db, config } = ctx;
  const app = new Hono<ApiEnv>();
  const byName = db.prepare<[string], number>('SELECT 1 FROM domains WHERE domain = ?').pluck();
  const byId = db.prepare<[string, string], DomainRow>(`SELECT ${DOMAIN_COLUMNS} FROM domains WHERE id = ? AND workspace_id = ?`);
  const count = db.prepare<[string], number>('SELECT COUNT(*) FROM domains WHERE workspace_id = ?').pluck();
  const insert = db.prepare(
    `INSERT INTO domains (id, workspace_id, domain, is_sub_domain, verify_token, created_date, mandatory)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const deleteLinks = db.prepare('DELETE FROM links WHERE workspace_id = ? AND domain = ?');
  const deleteDomain = db.prepare('DELETE FROM domains WHERE id = ?');
  const setHttps = db.prepare('UPDATE domains SET http_to_https = ? WHERE id = ?');
  const pages = new Map<string, Statement<[string, number, number], DomainRow>>();
  // Ties broken by insertion order (rowid) in the same direction, so paging is stable.
  const pageOf = (orderBy: DomainListQuery['orderBy'], orderType: DomainListQuery['orderType']) => {
    const key = `${orderBy} ${orderType}`;
    let statement = pages.get(key);
    if (!statement) {
      const column = orderBy === 'domain' ? 'domain' : 'created_date';
      statement = db.prepare<[string, number, number], DomainRow>(
        `SELECT ${DOMAIN_COLUMNS} FROM domains WHERE workspace_id = ? ${orderClause(column, orderType)} LIMIT ? OFFSET ?`,
      );
      pages.set(key, statement);
    }
    return statement;
  };
  // publicUrl is read per request: with port 0 it is known only after listening.
  const serviceHost = (): string => new URL(config.publicUrl).hostname;

  app.get('/customDomain', async (c) => {
    const query = readQuery(c, DomainListQuerySchema);
    assertWorkspace(c, query.workspaceId);
    const rows = pageOf(query.orderBy, query.orderType).all(query.workspaceId, query.pageSize, query.cursor);
    await refreshDomains(ctx, rows);
    const total = count.get(query.workspaceId) ?? 0;
    return c.json({
      status: true,
      data: { pageInfo: pageInfo(query.cursor, query.pageSize, rows.length, total), list: rows.map(toCustomDomain) },
    });
  });

  app.post('/customDomain', mutatingRoute(idempotency, CreateDomainBodySchema, async (c, { body, scope }) => {
    const name = checkDomainName(body.domain);
    if (!name.ok) throw new ApiError('INVALID_DOMAIN', name.reason);
    const host = serviceHost();
    if (name.domain === host.toLowerCase()) throw new ApiError('INVALID_DOMAIN', "domain is this service's own host");
    const mandatory = mandatoryRecord(name.domain, name.isSubDomain, host, await serviceIpv4(host));
    const verifyToken = randomBytes(16).toString('hex');
    const optional = verificationRecord(name.domain, verifyToken);
    const id = newId();

    const { response, written } = idempotency.commit(c, scope, () => {
      // One message whoever holds it: it must not tell which workspace has the domain.
      if (byName.get(name.domain) !== undefined) throw new ApiError('DOMAIN_TAKEN', 'domain is already connected to a workspace');
      insert.run(id, body.workspaceId, name.domain, name.isSubDomain ? 1 : 0, verifyToken, ctx.now().toISOString(), JSON.stringify(mandatory));
      return { status: true, data: { linkId: id, mandatory, optional } };
    });
    if (written) {
      // Checked once now, so a domain whose DNS is already right (or trusted) can be used at once.
      const row = byId.get(id, body.workspaceId);
      if (row) await refreshDomains(ctx, [row], true);
    }
    return response;
  }));

  app.patch('/customDomain', mutatingRoute(idempotency, UpdateDomainBodySchema, (c, { body, scope }) =>
    idempotency.commit(c, scope, () => {
      const row = byId.get(body.customDomainId, body.workspaceId);
      if (!row) throw new ApiError('DOMAIN_NOT_FOUND', 'customDomainId does not name a domain of this workspace');
      if (body.deleteDomain === true) {
        const { changes } = deleteLinks.run(body.workspaceId, row.domain);
        deleteDomain.run(row.id);
        return { status: true, data: `Domain ${row.domain} deleted with its ${changes} link${changes === 1 ? '' : 's'}` };
      }
      if (body.httpToHttps === undefined) return { status: true, data: `Domain ${row.domain} unchanged` };
      setHttps.run(body.httpToHttps ? 1 : 0, row.id);
      return { status: true, data: `Domain ${row.domain} updated: HTTP to HTTPS redirect ${body.httpToHttps ? 'on' : 'off'}` };
    }).response,
  ));

  return app;
}
