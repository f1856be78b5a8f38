/**
 * One harness for every e2e spec: the real service, its counting proxy and a
 * site to shorten (./service-parts.ts), and Chromium with the built extension
 * (`.output/chrome-mv3`, made by `npm run build` before the e2e run). A spec
 * takes it for its suite with `useExtension()`.
 *
 * Headless Chromium cannot show the host-permission prompt that Save opens,
 * so the harness loads a copy of the build with the loopback origin already
 * granted (scripts/chromium.ts, extensionCopyWithLoopback). Nothing else differs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { BrowserContext, Locator, Page, Worker } from 'playwright-core';
import { ROOT, connectExtension, extensionCopyGranting, extensionCopyWithLoopback, launchWithExtension, type WithChrome } from '../../scripts/chromium';
import type { RunningServer } from '../../server/start';
import { WORKSPACE, startServiceParts, type CountingProxy, type ServicePartsOptions } from './service-parts';

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
  /** Every API request since the start, with the token it carried (not cleared by `resetRequests`). */
  requestLog: CountingProxy['log'];
  /** Holds the next API request that `matches` picks until it is released. */
  holdRequest: CountingProxy['hold'];
  /** The next API request `matches` picks is carried out, but its answer arrives garbled. */
  garbleAnswer: CountingProxy['garble'];
  /**
   * Takes the service out of reach (connections dropped) or back. Unlike
   * `context.setOffline`, this survives a restart of the service worker:
   * Playwright does not lift its offline emulation from a worker that
   * restarted while offline.
   */
  setServiceDown(down: boolean): void;
  /** Makes every API request take at least `ms` longer. */
  setServiceDelay(ms: number): void;
  /** The proxy answers every `n`th API request with a 429 itself (0: none). */
  refuseEvery: CountingProxy['refuseEvery'];
  refused: CountingProxy['refused'];
  /** The most changes (API requests other than GET) under way at once since `resetRequests`. */
  mostAtOnce: CountingProxy['mostAtOnce'];
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

export interface HarnessOptions extends ServicePartsOptions {
  /** Changes the build's copy before Chromium loads it (a benchmark's extra page); the build itself stays as made. */
  prepareExtension?: (extensionDir: string) => void;
  /** More `--host-resolver-rules` entries (scripts/chromium.ts): named hosts of a local test site. */
  hostRules?: readonly string[];
  /** Origins the build's copy grants beside the loopback, as if the user had allowed them (headless Chromium shows no prompt). */
  grantOrigins?: readonly string[];
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-e2e-'));
  const { service, token, proxy, site } = await startServiceParts(dir, options);
  const extensionDir = options.grantOrigins === undefined ? extensionCopyWithLoopback(dir) : extensionCopyGranting(dir, ['http://127.0.0.1/*', ...options.grantOrigins]);
  options.prepareExtension?.(extensionDir);
  const { context, extensionId } = await launchWithExtension(join(dir, 'profile'), extensionDir, true, { hostRules: options.hostRules ?? [] });
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
    requestLog: proxy.log,
    holdRequest: proxy.hold,
    garbleAnswer: proxy.garble,
    setServiceDown: proxy.setDown,
    setServiceDelay: proxy.setDelay,
    refuseEvery: proxy.refuseEvery,
    refused: proxy.refused,
    mostAtOnce: proxy.mostAtOnce,
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

export interface SuiteOptions extends HarnessOptions {
  /** Pages may read and write the clipboard without asking. */
  clipboard?: boolean;
  /** The extension is connected to the service (`Harness.connect()`) before the suite's first test. */
  connect?: boolean;
}

/**
 * Registers, in the enclosing `describe`, a `before` that starts a harness
 * and an `after` that closes it, and returns a stand-in for it. node:test
 * runs hooks in the order they are registered, so a spec's own `before`
 * written after this call finds the harness started, and its own `after`
 * runs once it is closed. The stand-in passes every property to the started
 * harness; read before `before` ran, it throws.
 */
export function useHarness<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  before(async () => {
    started = await start();
  });
  after(async () => {
    await started?.close();
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (started === undefined) throw new Error(`The harness is not started yet (read .${String(key)} outside a test or hook)`);
      return started[key as keyof T];
    },
  });
}

/** The Chromium harness for the specs of one `describe` (see `useHarness`). */
export function useExtension(options: SuiteOptions = {}): Harness {
  return useHarness(async () => {
    const h = await startHarness(options);
    if (options.clipboard) await h.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    if (options.connect) await h.connect();
    return h;
  });
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

/**
 * Clicks `button` unless `done` shows first. With the service back, the
 * queue's probe (every 3 s) may send what waits before the click lands and
 * take the button away with it; what the test checks next is `done`.
 */
export async function clickUnlessDone(button: Locator, done: Locator): Promise<void> {
  const clicked = button.click().then(
    () => undefined,
    (error: unknown) => error,
  );
  // Never rejects: the loser is left running and must not fail the run later.
  const shown = done.waitFor().then(
    () => 'done' as const,
    () => clicked,
  );
  const first = await Promise.race([clicked, shown]);
  if (first !== undefined && first !== 'done') throw first;
}
