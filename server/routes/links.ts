import { Hono } from 'hono';
import { keywordProblem } from '../../lib/contract/keyword';
import { CreateLinkBodySchema, LinkListQuerySchema } from '../../lib/contract/schemas';
import { hostOfUrl } from '../../lib/contract/host';
import { checkDestinationUrl } from '../../lib/contract/url';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { pageInfo } from '../http/paging';
import { readQuery } from '../http/validate';
import { checkDomainName } from '../domains/domain-name';
import { createLinkWriter } from '../links/create-link';
import { toLink } from '../links/link-record';
import { createLinkLister } from '../links/list-links';
import { URL_PROBLEM_TEXT } from '../links/url-problem-text';
import { mutatingRoute } from './mutation';
import { updateLinkHandler } from './update-link';
import type { RouteDeps } from './route-deps';

/** GET/POST/PATCH /link. */
export function linkRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx, idempotency, createLimiter } = deps;
  const { db, config } = ctx;
  const app = new Hono<ApiEnv>();
  const writeLink = createLinkWriter(ctx);
  const listLinks = createLinkLister(ctx);
  // publicUrl is read per request: with port 0 it is known only after listening.
  const ownHost = (): string => new URL(config.publicUrl).host;

  app.get('/link', async (c) => {
    const query = readQuery(c, LinkListQuerySchema);
    assertWorkspace(c, query.workspaceId);
    const { rows, total } = await listLinks(query);
    return c.json({
      status: true,
      data: { pageInfo: pageInfo(query.cursor, query.pageSize, rows.length, total), list: rows.map((row) => toLink(row, config)) },
    });
  });

  app.post('/link', mutatingRoute(idempotency, CreateLinkBodySchema, async (c, { body, auth, scope }) => {
    const domain = await customDomain(body.workspaceId, body.customDomain);
    const keyword = body.keywordType === 'CUSTOM' ? (body.keyword ?? '') : undefined;
    if (keyword !== undefined) {
      const problem = keywordProblem(keyword);
      if (problem) throw new ApiError(problem.code, problem.message);
    }
    const verdict = checkDestinationUrl(body.longUrl, await ownHostsFor(body.longUrl));
    if (!verdict.ok) throw new ApiError('INVALID_URL', `longUrl is not accepted: ${URL_PROBLEM_TEXT[verdict.problem]}`);
    // Only what really creates a link is counted: replays and invalid requests never reserve a unit,
    // and the unit is given back when no link came of it (keyWordExist, failToGenerateHash, an
    // error, or another request's answer replayed). Reserved before the write, so concurrent
    // requests cannot together go past the limit.
    const unit = await createLimiter.reserve(auth.tokenId);
    let createdId = '';
    try {
      const { response, written } = await idempotency.commit(c, scope, async () => ({
        status: true,
        data: await writeLink({ workspaceId: body.workspaceId, keywordType: body.keywordType, longUrl: verdict.url, domain, keyword, by: auth.tokenName }),
      }));
      createdId = written?.data.linkId ?? '';
      return response;
    } finally {
      if (createdId === '') await unit.refund();
      // Never awaited: the title and image arrive in the background.
      else ctx.metadata.schedule(createdId, verdict.url);
    }
  }));

  /** '' for the service's own domain; otherwise a set-up domain of this workspace. */
  async function customDomain(workspaceId: string, requested: string | null | undefined): Promise<string> {
    if (requested === undefined || requested === null) return '';
    const name = checkDomainName(requested);
    const row = name.ok
      ? await db.get<{ domain: string; domain_setupped: number }>(
          'SELECT domain, domain_setupped FROM domains WHERE workspace_id = ? AND domain = ?',
          [workspaceId, name.domain],
        )
      : undefined;
    if (!row) throw new ApiError('DOMAIN_NOT_FOUND', 'customDomain is not a domain of this workspace');
    if (row.domain_setupped !== 1) {
      throw new ApiError('DOMAIN_NOT_READY', 'customDomain is not set up yet: its DNS records do not reach the service');
    }
    return row.domain;
  }

  /**
   * The service's own host and, when the URL's host is a custom domain that
   * redirects through the service in whatever spelling (trailing dot, case,
   * unicode IDN, default port), that domain: both would make the short link
   * point at a short link. A domain redirects once it is set up (its DNS
   * proven), or under --trust-domains as soon as it is claimed; an unproven
   * claim blocks nobody, or any workspace could stop all others from
   * shortening links to a host just by claiming it.
   */
  async function ownHostsFor(longUrl: string): Promise<string[]> {
    const hosts = [ownHost()];
    let host: ReturnType<typeof hostOfUrl> = null;
    try {
      host = hostOfUrl(new URL(longUrl.trim()));
    } catch {
      // Not a URL: checkDestinationUrl says so.
    }
    // Stored domains are in the same normal form (checkDomainName).
    const redirecting = config.trustDomains ? 'SELECT 1 FROM domains WHERE domain = ?' : 'SELECT 1 FROM domains WHERE domain = ? AND domain_setupped = 1';
    if (host && (await db.get(redirecting, [host.hostname])) !== undefined) hosts.push(host.hostname);
    return hosts;
  }

  app.patch('/link', updateLinkHandler(deps));

  return app;
}
