/**
 * Custom domains in the background: the options page's list, connect, check
 * again, HTTPS toggle and delete, and the set-up domains the popup's and the
 * defaults' pickers offer. Names are judged before anything is sent
 * (lib/domains/connect-rules.ts). These calls are not queued: they are made
 * from a page the user is looking at, whose next step needs the answer (the
 * DNS records to publish), so a network failure is said at once; the
 * connect's idempotency key comes from the page, so "try again" after a lost
 * answer is recognised by the service as the same request.
 */
import type { ApiClient } from '../../api/client';
import { ServiceError, toErrorInfo } from '../../api/errors';
import type { CustomDomain } from '../../contract/schemas/index';
import { checkConnectInput } from '../../domains/connect-rules';
import { toDomainView } from '../../domains/view';
import type { AnswerOf, RequestOf } from '../../messaging/send-message';
import type { Preferences } from '../../storage/settings';
import type { Reach } from '../reach-service';

type DomainClient = Pick<ApiClient, 'listDomains' | 'createDomain' | 'updateDomain'>;

export interface DomainHandlerDeps {
  /** The active profile, bound, or why not (reach-service.ts). */
  reach: () => Promise<Reach>;
  getPreferences: () => Promise<Preferences>;
}

/** The options page's page of domains. */
export const DOMAIN_PAGE_SIZE = 10;
/** Reading every domain (pickers, "already connected", "check again"): the service's largest page, at most this many pages. */
const WALK_PAGE_SIZE = 100;
const WALK_PAGES_MAX = 20;

export function createDomainHandlers(deps: DomainHandlerDeps) {
  /** Every domain of the workspace, page by page (a workspace has few). */
  async function allDomains(client: DomainClient, workspaceId: string): Promise<CustomDomain[]> {
    const all: CustomDomain[] = [];
    let cursor = 0;
    for (let page = 0; page < WALK_PAGES_MAX; page += 1) {
      const answer = await client.listDomains({ workspaceId, cursor, pageSize: WALK_PAGE_SIZE, orderBy: 'domain', orderType: 'asc' });
      all.push(...answer.list);
      if (!answer.pageInfo.hasNext || answer.list.length === 0) break;
      cursor = answer.pageInfo.cursor;
    }
    return all;
  }

  const failed = (err: unknown) => ({ status: 'error' as const, error: toErrorInfo(err) });

  return {
    async domainList({ cursor }: RequestOf<'domainList'>): Promise<AnswerOf<'domainList'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      try {
        const page = await r.client.listDomains({ workspaceId: r.conn.workspaceId, cursor, pageSize: DOMAIN_PAGE_SIZE, orderBy: 'createdDate', orderType: 'desc' });
        return {
          status: 'done',
          domains: page.list.map(toDomainView),
          totalCount: page.pageInfo.totalCount,
          pageNumber: page.pageInfo.pageNumber,
          totalPages: Math.max(1, page.pageInfo.totalPages),
          nextCursor: page.pageInfo.hasNext ? page.pageInfo.cursor : null,
          serviceHost: new URL(r.conn.baseUrl).hostname,
        };
      } catch (err) {
        return failed(err);
      }
    },

    async domainChoices(): Promise<AnswerOf<'domainChoices'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      try {
        const [domains, prefs] = await Promise.all([allDomains(r.client, r.conn.workspaceId), deps.getPreferences()]);
        return { status: 'done', domains: domains.filter((d) => d.domainSetupped).map((d) => d.domain), defaultDomain: prefs.defaultDomain ?? '' };
      } catch (err) {
        return failed(err);
      }
    },

    async connectDomain({ domain, idempotencyKey }: RequestOf<'connectDomain'>): Promise<AnswerOf<'connectDomain'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn, client } = r;
      try {
        const first = checkConnectInput(domain, { serviceHost: new URL(conn.baseUrl).hostname, connected: [] });
        if (!first.ok) return { status: 'invalid', problem: first.problem };
        // The page knows only the pages it showed; the whole list decides "already connected".
        const connected = (await allDomains(client, conn.workspaceId)).map((d) => d.domain);
        if (connected.includes(first.domain)) return { status: 'invalid', problem: 'already-connected' };
        const made = await client.createDomain({ workspaceId: conn.workspaceId, domain: first.domain }, { idempotencyKey });
        return { status: 'done', id: made.linkId, domain: first.domain, records: [made.mandatory, made.optional] };
      } catch (err) {
        // Connected to another workspace (the service says no more, by design).
        if (err instanceof ServiceError && err.code === 'DOMAIN_TAKEN') return { status: 'invalid', problem: 'taken' };
        return failed(err);
      }
    },

    async domainCheck({ id }: RequestOf<'domainCheck'>): Promise<AnswerOf<'domainCheck'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      try {
        // Listing is what makes the service look at DNS again (at most once a minute per domain).
        const found = (await allDomains(r.client, r.conn.workspaceId)).find((d) => d._id === id);
        return found === undefined ? { status: 'gone' } : { status: 'done', domain: toDomainView(found) };
      } catch (err) {
        return failed(err);
      }
    },

    async domainHttps({ id, httpToHttps }: RequestOf<'domainHttps'>): Promise<AnswerOf<'domainHttps'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      try {
        await r.client.updateDomain({ workspaceId: r.conn.workspaceId, customDomainId: id, httpToHttps });
        return { status: 'done' };
      } catch (err) {
        return failed(err);
      }
    },

    async domainDelete({ id }: RequestOf<'domainDelete'>): Promise<AnswerOf<'domainDelete'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      try {
        await r.client.updateDomain({ workspaceId: r.conn.workspaceId, customDomainId: id, deleteDomain: true });
        return { status: 'done' };
      } catch (err) {
        return failed(err);
      }
    },
  };
}
