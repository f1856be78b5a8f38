/**
 * One harness for every e2e spec: the real service (temporary data folder,
 * free port), a counting proxy in front of its API, a local site with pages
 * to shorten, and Chromium with the built extension (`.output/chrome-mv3`,
 * made by `npm run build` before the e2e run).
 *
 * Headless Chromium cannot show the host-permission prompt that Save opens,
 * so the harness loads a copy of the build with the loopback origin already
 * granted (scripts/chromium.ts, extensionCopyWithLoopback). Nothing else differs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { ROOT, connectExtension, extensionCopyWithLoopback, launchWithExtension, type WithChrome } from '../../scripts/chromium';
import { DEFAULT_CONFIG } from '../../server/config';
import { createToken } from '../../server/http/auth';
import { startServer, type RunningServer } from '../../server/start';

export const WORKSPACE = 'e2e';

/** Location headers the service trusts, as a proxy in front of it would set them (the side panel's geo blocks). */
export const GEO_HEADERS = { country: 'x-e2e-country', state: 'x-e2e-state', city: 'x-e2e-city' } as const;

/** Counts the API requests that reach the service; `down` makes it drop connections like a dead host. */
interface CountingProxy {
  url: string;
  count(): number;
  /** The method and path of each counted request, in order. */
  paths(): string[];
  reset(): void;
  setDown(down: boolean): void;
  /** Holds every request this long before passing it on (a slow service). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

function startProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  let requests = 0;
  let paths: string[] = [];
  let down = false;
  let delay = 0;
  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    requests += 1;
    paths.push(`${req.method} ${req.url ?? ''}`);
    if (delay > 0) req.pause();
    setTimeout(() => forward(req, res), delay);
  });
  function forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const upstream = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
    req.resume();
  }
  return listen(server).then((url) => ({
    url,
    count: () => requests,
    paths: () => [...paths],
    reset: () => {
      requests = 0;
      paths = [];
    },
    setDown: (value) => {
      down = value;
    },
    setDelay: (ms) => {
      delay = ms;
    },
    close: () => closeServer(server),
  }));
}

/** Pages to shorten, each with a title the service's metadata fetcher can read. */
function startSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '/').replace(/[^a-z0-9-]/gi, '') || 'home';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Demo ${name}</title></head><body><h1>Demo page ${name}</h1></body></html>`);
  });
  return listen(server).then((url) => ({ url, close: () => closeServer(server) }));
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface Harness {
  service: RunningServer;
  /** The API base URL the extension uses (through the counting proxy). */
  apiBase: string;
  token: string;
  workspaceId: string;
  site: { url: string };
  context: BrowserContext;
  extensionId: string;
  /** API requests that reached the service since the last `resetRequests`. */
  requests(): number;
  /** The method and path of each of those requests. */
  requestPaths(): string[];
  resetRequests(): void;
  /**
   * Takes the service out of reach (connections dropped) or back. Unlike
   * `context.setOffline`, this survives a restart of the service worker:
   * Playwright does not lift its offline emulation from a worker that
   * restarted while offline.
   */
  setServiceDown(down: boolean): void;
  /** Makes every API request take at least `ms` longer. */
  setServiceDelay(ms: number): void;
  worker(): Promise<Worker>;
  /** Opens an extension page (`popup.html?url=…`, `options.html`) in a new tab. */
  openPage(path: string): Promise<Page>;
  /** Writes the connection straight into the extension's storage, as Save would. */
  connect(conn?: Partial<{ baseUrl: string; token: string; workspaceId: string }>): Promise<void>;
  /** The service's own view: links of the workspace, through its API. */
  listLinks(): Promise<{ totalCount: number; list: { shortUrl: string; longUrl: string }[] }>;
  badgeText(): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Changes the build's copy before Chromium loads it (a benchmark's extra page); the build itself stays as made. */
  prepareExtension?: (extensionDir: string) => void;
  /** Custom domains count as set up without DNS (the service's --trust-domains). */
  trustDomains?: boolean;
}

/** The browser-independent part of the harness, shared with the Firefox specs (test/e2e/firefox-harness.ts). */
export interface ServiceParts {
  service: RunningServer;
  token: string;
  proxy: CountingProxy;
  site: { url: string; close(): Promise<void> };
}

/** The real service with its data in `dir`, a token for WORKSPACE, the counting proxy and the site. */
export async function startServiceParts(dir: string, options: { trustDomains?: boolean } = {}): Promise<ServiceParts> {
  const service = await startServer({
    ...DEFAULT_CONFIG,
    port: 0,
    publicUrl: '',
    dataDir: join(dir, 'data'),
    allowPrivateFetch: true,
    geoHeaders: { ...GEO_HEADERS },
    trustDomains: options.trustDomains ?? false,
    logLevel: 'warn',
  });
  const token = await createToken(service.ctx.db, WORKSPACE, 'e2e');
  const proxy = await startProxy(service.url);
  const site = await startSite();
  return { service, token, proxy, site };
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-e2e-'));
  const { service, token, proxy, site } = await startServiceParts(dir, options);
  const extensionDir = extensionCopyWithLoopback(dir);
  options.prepareExtension?.(extensionDir);
  const { context, extensionId } = await launchWithExtension(join(dir, 'profile'), extensionDir);
  const apiBase = `${proxy.url}/api`;

  /** The worker may have been stopped and restarted since: always use the live one. */
  async function worker(): Promise<Worker> {
    const live = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
    if (live) return live;
    // Waking it: any extension page does.
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await page.close();
    return context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`)) ?? context.waitForEvent('serviceworker');
  }

  const harness: Harness = {
    service,
    apiBase,
    token,
    workspaceId: WORKSPACE,
    site,
    context,
    extensionId,
    requests: proxy.count,
    requestPaths: proxy.paths,
    resetRequests: proxy.reset,
    setServiceDown: proxy.setDown,
    setServiceDelay: proxy.setDelay,
    worker,
    async openPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async connect(conn = {}) {
      const value = { baseUrl: apiBase, token, workspaceId: WORKSPACE, ...conn };
      await connectExtension(await worker(), value);
    },
    async listLinks() {
      const res = await fetch(`${service.url}/api/link?workspaceId=${WORKSPACE}&pageSize=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as {
        data: { pageInfo: { totalCount: number }; list: { shortUrl: string; longUrl: string }[] };
      };
      return { totalCount: body.data.pageInfo.totalCount, list: body.data.list };
    },
    async badgeText() {
      const w = await worker();
      return w.evaluate(() => (globalThis as unknown as WithChrome).chrome.action.getBadgeText({}));
    },
    async close() {
      await context.close().catch(() => undefined);
      await Promise.all([proxy.close(), site.close()]);
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Runs axe-core in a page and returns its violations (id and the nodes' selectors). */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; targets: string[] }[]> {
  // Extension pages' CSP refuses injected <script> tags; evaluating the
  // source through the DevTools protocol is not subject to it.
  const source = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.flatMap((n) => n.target) }));
  });
}

/**
 * API requests since the last reset, without the recent list's reads (GET
 * /link, GET /tag): the popup's list frame sends them once a link is shown,
 * and a popup closed just before may still have them on their way. What
 * showing a link costs is everything else.
 */
export function requestsBesidesRecentList(h: Pick<Harness, 'requestPaths'>): string[] {
  return h.requestPaths().filter((path) => !/^GET \/api\/(link|tag)\?/.test(path));
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
}
