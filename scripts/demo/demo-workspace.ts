/**
 * The demo workspace: ten links to the demo web with titles the service read
 * from the pages, tags (some long), and 1,846 clicks over 40 days from seven
 * countries (./demo-visits.ts), beside the link previews and crawlers that
 * fetched them (not clicks). Everything goes through the service's own
 * HTTP interface: links and tags through its API, each click as a request to
 * the short link with the geo headers a proxy would add, at a time set on the
 * service's clock. The figures the pictures show are the service's own.
 */
import http from 'node:http';
import { DEMO_PAGES, SHORT_HOST } from './demo-pages';
import { DEMO_GEO_HEADERS, DEMO_WORKSPACE, type DemoService } from './demo-service';
import { createdAt, planPreviews, planVisits } from './demo-visits';

interface LinkPlan {
  page: number;
  keyword: string;
  tags: string[];
  clicks: number;
  /** Fetches by link previews and crawlers: redirected, not clicks (the side panel says how many). */
  previews: number;
  ageDays: number;
}

/** The ten links. The busiest is the side panel's; the second has exactly 97 clicks and two long tags. */
const LINKS: readonly LinkPlan[] = [
  { page: 0, keyword: 'spring26', tags: ['spring-launch-2026', 'events'], clicks: 781, previews: 23, ageDays: 40 },
  { page: 1, keyword: 'smaller-teams', tags: ['spring-launch-2026', 'partner-newsletter'], clicks: 97, previews: 6, ageDays: 4 },
  { page: 2, keyword: 'cli-install', tags: ['docs'], clicks: 312, previews: 4, ageDays: 38 },
  { page: 3, keyword: 'summer', tags: ['newsletter', 'sale'], clicks: 201, previews: 9, ageDays: 30 },
  { page: 4, keyword: 'join-us', tags: ['hiring'], clicks: 148, previews: 5, ageDays: 27 },
  { page: 5, keyword: 'bike-lanes', tags: [], clicks: 120, previews: 3, ageDays: 19 },
  { page: 6, keyword: 'tickets', tags: ['spring-launch-2026'], clicks: 84, previews: 2, ageDays: 14 },
  { page: 7, keyword: 'lemon-tart', tags: ['newsletter'], clicks: 53, previews: 1, ageDays: 9 },
  { page: 8, keyword: 'sql-course', tags: ['docs', 'newsletter'], clicks: 31, previews: 0, ageDays: 6 },
  { page: 9, keyword: 'contoso-status', tags: [], clicks: 19, previews: 0, ageDays: 3 },
];

/** Every tag of the workspace: those on links and one no link carries yet. */
export const DEMO_TAGS = [...new Set([...LINKS.flatMap((l) => l.tags), 'webinar'])];

export interface DemoLink {
  id: string;
  shortUrl: string;
  longUrl: string;
  title: string;
  clicks: number;
}

export interface DemoWorkspace {
  links: DemoLink[];
  /** The link with the most clicks (the side panel's). */
  busiest: DemoLink;
  total: number;
}

async function call<T>(demo: DemoService, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${demo.service.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${demo.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { status?: boolean; data: T; errors?: unknown };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** One visit to a short link, sent to the service as its front would pass it on (Host: the short host). */
function visit(serviceUrl: URL, keyword: string, headers: Record<string, string>, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: serviceUrl.hostname, port: serviceUrl.port, path: `/${keyword}`, method: 'GET', agent, headers: { host: SHORT_HOST, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function makeDemoWorkspace(demo: DemoService): Promise<DemoWorkspace> {
  const now = Date.now();
  for (const tag of DEMO_TAGS) await call(demo, 'POST', '/tag', { workspaceId: DEMO_WORKSPACE, tag });
  const serviceUrl = new URL(demo.service.url);
  const agent = new http.Agent({ keepAlive: true });
  const made: { plan: LinkPlan; id: string; shortUrl: string }[] = [];
  try {
    // Oldest first, each made on its day, so the list's order and each link's age are as they would be.
    for (const plan of [...LINKS].sort((a, b) => b.ageDays - a.ageDays)) {
      demo.clock.set(createdAt(plan.ageDays, now));
      const page = DEMO_PAGES[plan.page];
      if (page === undefined) throw new Error(`No demo page ${plan.page}`);
      const created = await call<{ linkId: string; shortUrl: string }>(demo, 'POST', '/link', {
        workspaceId: DEMO_WORKSPACE,
        keywordType: 'CUSTOM',
        keyword: plan.keyword,
        longUrl: page.url,
        customDomain: null,
      });
      if (plan.tags.length > 0) await call(demo, 'PATCH', '/link', { workspaceId: DEMO_WORKSPACE, linkId: created.linkId, tags: plan.tags, deleteLink: false });
      made.push({ plan, id: created.linkId, shortUrl: created.shortUrl });
    }
    const visits = made
      .flatMap(({ plan }, index) =>
        [...planVisits(plan.clicks, plan.ageDays, now, 1000 + index), ...planPreviews(plan.previews, plan.ageDays, now, 2000 + index)].map((v) => ({
          ...v,
          keyword: plan.keyword,
        })),
      )
      .sort((a, b) => a.at - b.at);
    for (const v of visits) {
      demo.clock.set(v.at);
      const status = await visit(
        serviceUrl,
        v.keyword,
        {
          'user-agent': v.userAgent,
          ...(v.referrer === '' ? {} : { referer: v.referrer }),
          [DEMO_GEO_HEADERS.country]: v.country,
          [DEMO_GEO_HEADERS.state]: v.state,
          [DEMO_GEO_HEADERS.city]: v.city,
        },
        agent,
      );
      if (status !== 302 && status !== 301) throw new Error(`A visit to /${v.keyword} got ${status}`);
    }
  } finally {
    agent.destroy();
    demo.clock.set(null);
  }
  await demo.service.ctx.clicks.flush();
  await demo.service.ctx.metadata.idle();
  const listed = await call<{ list: { _id: string; shortUrl: string; longUrl: string; totalClicks: number; destinationUrlMetaData: { title?: string } }[] }>(
    demo,
    'GET',
    `/link?workspaceId=${DEMO_WORKSPACE}&pageSize=100`,
  );
  const links = made.map(({ id }) => {
    const link = listed.list.find((l) => l._id === id);
    if (link === undefined) throw new Error(`The service does not list link ${id}`);
    return { id, shortUrl: link.shortUrl, longUrl: link.longUrl, title: link.destinationUrlMetaData.title ?? '', clicks: link.totalClicks };
  });
  const total = links.reduce((sum, l) => sum + l.clicks, 0);
  const busiest = links.reduce((a, b) => (b.clicks > a.clicks ? b : a));
  const planned = LINKS.reduce((sum, l) => sum + l.clicks, 0);
  if (total !== planned) throw new Error(`The service counts ${total} clicks, ${planned} were sent`);
  return { links, busiest, total };
}
