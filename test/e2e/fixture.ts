/**
 * One harness for every e2e spec: the real service (temporary data folder,
 * free port), a counting proxy in front of its API, a local site with pages
 * to shorten, and Chromium with the built extension (`.output/chrome-mv3`,
 * made by `npm run build` before the e2e run).
 *
 * Headless Chromium cannot show the host-permission prompt that Save opens
 * (the request never settles), so the harness loads a copy of the build
 * whose manifest already grants http://127.0.0.1/*: Save's request then
 * resolves at once, as it does after a user's "Allow". Nothing else differs.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { DEFAULT_CONFIG } from '../../server/config';
import { createToken } from '../../server/http/auth';
import { startServer, type RunningServer } from '../../server/start';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUILD_DIR = join(ROOT, '.output/chrome-mv3');
export const WORKSPACE = 'e2e';

/** Chromium flags from TOOLCHAIN.md: new headless, no outside network, the extension loaded. */
export function chromiumArgs(extensionDir: string, headless = true): string[] {
  return [
    ...(headless ? ['--headless=new'] : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  ];
}

/** A copy of the build with the loopback origin pre-granted (see the file comment). */
export function extensionCopy(into: string): string {
  if (!existsSync(join(BUILD_DIR, 'manifest.json'))) {
    throw new Error(`No extension build at ${BUILD_DIR}: run "npm run build" first.`);
  }
  const dir = join(into, 'extension');
  cpSync(BUILD_DIR, dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { host_permissions?: string[] };
  manifest.host_permissions = ['http://127.0.0.1/*'];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return dir;
}

/** Counts the API requests that reach the service, and can take it down (503) on demand. */
interface CountingProxy {
  url: string;
  count(): number;
  reset(): void;
  close(): Promise<void>;
}

function startProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
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
  });
  return listen(server).then((url) => ({
    url,
    count: () => requests,
    reset: () => {
      requests = 0;
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
  resetRequests(): void;
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

export async function startHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-e2e-'));
  const service = await startServer({
    ...DEFAULT_CONFIG,
    port: 0,
    publicUrl: '',
    dataDir: join(dir, 'data'),
    allowPrivateFetch: true,
  });
  const token = createToken(service.ctx.db, WORKSPACE, 'e2e');
  const proxy = await startProxy(service.url);
  const site = await startSite();
  const extensionDir = extensionCopy(dir);
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: false, // the new headless mode comes from --headless=new (TOOLCHAIN.md)
    args: chromiumArgs(extensionDir),
  });
  const first = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(first.url()).host;
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
    resetRequests: proxy.reset,
    worker,
    async openPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async connect(conn = {}) {
      const value = { baseUrl: apiBase, token, workspaceId: WORKSPACE, ...conn };
      const w = await worker();
      // The keys of lib/settings.ts' `local:connection` item and its version record.
      await w.evaluate((v) => chrome.storage.local.set({ connection: v, connection$: { v: 1 } }), value);
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
      return w.evaluate(() => chrome.action.getBadgeText({}));
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
