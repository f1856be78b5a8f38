/**
 * `npm start`: the whole system on one machine (docs/design.md, Commands).
 *
 * 1. the service on 127.0.0.1:8787, data in `.data/`;
 * 2. a token for the demo workspace `demo` (created if new);
 * 3. the extension built (`wxt build`) when the build is missing or older
 *    than its sources;
 * 4. Chromium with the extension, in a fresh temporary profile, already
 *    connected to the service;
 * 5. with a display (`DISPLAY` set): a demo page and the options page open,
 *    until Ctrl+C. Without one: the same flow headless: open a local demo
 *    page, open the popup for it, print the short link it made, visit that
 *    link a few times as different browsers, save screenshots of the popup
 *    and of the side panel for that link to `.data/screenshots/`, and exit
 *    (`--keep` keeps the service and browser running).
 *
 * The terminal gets a few lines a person reads: where the service runs, the
 * connection code, the browser opened, each link made and each click seen
 * (./demo/demo-watch.ts). The service's JSON log goes to `.data/service.log`, and
 * to the terminal too with `--verbose`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { encodeConnectionCode } from '../lib/contract/connection-code';
import { DEFAULT_CONFIG } from '../server/config';
import { createToken } from '../server/http/auth';
import { createLogger } from '../server/ops/logger';
import { startServer, type RunningServer } from '../server/start';
import { buildIfNeeded } from './build-if-needed';
import { ROOT, connectExtension, extensionCopyWithLoopback, launchWithExtension } from './chromium';
import { demoLogDestination } from './demo/demo-log';
import { watchDemo } from './demo/demo-watch';

const WORKSPACE = 'demo';

const { values: flags } = parseArgs({
  options: {
    keep: { type: 'boolean', default: false },
    headless: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
  strict: true,
});
const headless = flags.headless || !process.env.DISPLAY;

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** A page to shorten, served locally so the demo needs no internet. */
function startDemoSite(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><title>Shortlink demo page</title></head>' +
        '<body><h1>Shortlink demo page</h1><p>Click the extension\'s toolbar button to shorten this page, ' +
        'or right-click <a href="https://example.com/a/very/long/path?with=parameters">this link</a> and choose "Shorten link".</p></body></html>',
    );
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo-article`, server });
    });
  });
}

async function screenshotPopup(context: BrowserContext, extensionId: string, target: string, dir: string): Promise<string> {
  const popup = await context.newPage();
  // The toolbar popup's size: a tab has no "active tab" but itself, so ?url= names the page (lib/popup/flow.ts).
  await popup.setViewportSize({ width: 360, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html?url=${encodeURIComponent(target)}`);
  // The short link as copied (the card shows it without its scheme).
  const shown = popup.locator('#short-link');
  await shown.waitFor({ timeout: 15_000 }).catch(async () => {
    throw new Error(`The popup showed no short link. It says:\n${await popup.locator('#app').innerText()}`);
  });
  const shortUrl = (await shown.getAttribute('data-url')) ?? '';
  await popup.waitForFunction(() => performance.getEntriesByName('shortlink:ready').length > 0);
  await popup.screenshot({ path: join(dir, 'popup.png') });
  await popup.close();
  return shortUrl;
}

/** Visitors of the demo link, one browser and device each, so the panel's first charts have something to show. */
const DEMO_VISITORS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
];

interface DemoApi {
  apiBase: string;
  token: string;
}

async function api<T>(demo: DemoApi, path: string): Promise<T> {
  const res = await fetch(`${demo.apiBase}${path}`, { headers: { authorization: `Bearer ${demo.token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

/** Visits the short link as a few different browsers and waits until the service has written the clicks (about once a second). */
async function visitDemoLink(demo: DemoApi, shortUrl: string): Promise<string> {
  const links = await api<{ list: { _id: string; shortUrl: string }[] }>(demo, `/link?workspaceId=${WORKSPACE}&pageSize=100`);
  const linkId = links.list.find((l) => l.shortUrl === shortUrl)?._id;
  if (linkId === undefined) throw new Error(`The service does not list ${shortUrl}`);
  const clicks = async () =>
    (await api<{ freeUserData: { scoreCardDetails: { data: { totalClicks: number } } } }>(demo, `/link/${linkId}/${WORKSPACE}`))
      .freeUserData.scoreCardDetails.data.totalClicks;
  const before = await clicks();
  for (const ua of DEMO_VISITORS) await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': ua } });
  const deadline = Date.now() + 15_000;
  while ((await clicks()) < before + DEMO_VISITORS.length) {
    if (Date.now() > deadline) throw new Error('The demo clicks were not recorded within 15 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return linkId;
}

/** The side panel for the demo link, as the popup's "Stats" button opens it, once its first charts are drawn. */
async function screenshotSidePanel(context: BrowserContext, extensionId: string, linkId: string, dir: string): Promise<void> {
  const panel: Page = await context.newPage();
  await panel.setViewportSize({ width: 400, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?linkId=${encodeURIComponent(linkId)}`);
  await panel.locator('[data-block="scoreCard"]').waitFor({ timeout: 15_000 });
  await panel.locator('canvas[data-chart]').first().waitFor();
  await panel.screenshot({ path: join(dir, 'sidepanel.png') });
  await panel.close();
}

async function main(): Promise<void> {
  const dataDir = join(ROOT, '.data');
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(dataDir, 'service.log');
  const logDestination = demoLogDestination(logFile, flags.verbose);
  let service: RunningServer;
  try {
    service = await startServer(
      { ...DEFAULT_CONFIG, dataDir, port: 8787, publicUrl: 'http://127.0.0.1:8787' },
      { log: createLogger(DEFAULT_CONFIG.logLevel, logDestination) },
    );
  } catch (error) {
    throw new Error(`Could not start the service on 127.0.0.1:8787 (is another one running?): ${String(error)}`);
  }
  const apiBase = `${service.url}/api`;
  const token = await createToken(service.ctx.db, WORKSPACE, 'npm start');
  log(`Service: running at ${service.url} (API at ${apiBase}), data in .data/, its log in .data/service.log${flags.verbose ? ' and here' : ''}`);
  log(`Connection code for the demo workspace "${WORKSPACE}" (paste it in the extension's welcome page; it holds a token, keep it secret):`);
  log(`  ${encodeConnectionCode({ apiBase, token, workspaceId: WORKSPACE })}`);

  buildIfNeeded(log);
  const site = await startDemoSite();
  const profile = mkdtempSync(join(tmpdir(), 'shortlink-profile-'));
  const { context, extensionId } = await launchWithExtension(join(profile, 'profile'), extensionCopyWithLoopback(profile), headless);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await connectExtension(worker, { baseUrl: apiBase, token, workspaceId: WORKSPACE });
  log(`Browser: Chromium${headless ? ' (headless)' : ''} with the extension, already connected to the service.`);
  const stopWatching = await watchDemo({ apiBase, token, workspaceId: WORKSPACE, print: log });

  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    stopWatching();
    await context.close().catch(() => undefined);
    site.server.close();
    site.server.closeAllConnections();
    await service.close();
    await logDestination.close();
    rmSync(profile, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  context.on('close', () => void shutdown(0));

  const demo = await context.newPage();
  await demo.goto(site.url);

  if (!headless) {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await demo.bringToFront();
    log(`Demo page: ${site.url}\nClick the extension's toolbar button (or press Alt+Shift+L) to shorten it. Ctrl+C stops everything.`);
    return;
  }

  const shots = join(dataDir, 'screenshots');
  mkdirSync(shots, { recursive: true });
  const shortUrl = await screenshotPopup(context, extensionId, site.url, shots);
  const linkId = await visitDemoLink({ apiBase, token }, shortUrl);
  await screenshotSidePanel(context, extensionId, linkId, shots);
  log(`Short link for ${site.url}:\n  ${shortUrl}`);
  log(`Screenshots: .data/screenshots/popup.png, .data/screenshots/sidepanel.png`);
  if (flags.keep) {
    log('Keeping the service and the headless browser running (--keep). Ctrl+C stops everything.');
    return;
  }
  await shutdown(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
