/**
 * `npm run store`: the store listings' screenshots, made from the real
 * extension against the real service (as `npm start` runs them), never by
 * hand. Writes docs/store/screenshots/{popup,sidepanel,options,welcome}-{light,dark}.png,
 * each 1280×800 (the size both stores take): the options page as a full tab;
 * the first run's welcome page, the popup and the side panel at their own
 * sizes, placed on a 1280×800 stage
 * beside the words of the listing. Dark is the browser's prefers-color-scheme,
 * emulated; the pages follow it (components/shared/theme.css).
 *
 * Needs the Chromium build (`npm run build`); data lives in a temporary folder.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { DEFAULT_CONFIG } from '../server/config';
import { createToken } from '../server/http/auth';
import { startServer } from '../server/start';
import { ROOT, connectExtension, extensionCopyWithLoopback, launchWithExtension } from './chromium';

const WORKSPACE = 'demo';
const OUT = join(ROOT, 'docs/store/screenshots');
const SIZE = { width: 1280, height: 800 };
const GEO = { country: 'x-store-country', state: 'x-store-state', city: 'x-store-city' };
type Scheme = 'light' | 'dark';

const en = JSON.parse(readFileSync(join(ROOT, 'public/_locales/en/messages.json'), 'utf8')) as Record<string, { message: string }>;
const words = (key: string): string => en[key]?.message ?? key;

/** Visits of the demo link: a browser and an Indian state each, so the charts have something to show. */
const VISITS: { ua: string; state: string; city: string }[] = [
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', state: 'Karnataka', city: 'Bengaluru' },
  { ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', state: 'Maharashtra', city: 'Mumbai' },
  { ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', state: 'Maharashtra', city: 'Pune' },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', state: 'Kerala', city: 'Kochi' },
  { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', state: 'Delhi', city: 'New Delhi' },
  { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', state: 'Tamil Nadu', city: 'Chennai' },
  { ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', state: 'Uttar Pradesh', city: 'Lucknow' },
];

function startSite(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '/').replace(/[^a-z0-9-]/gi, ' ').trim() || 'home';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>${name}</title></head><body><h1>${name}</h1></body></html>`);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }));
  });
}

async function shoot(context: BrowserContext, url: string, size: { width: number; height: number }, scheme: Scheme, ready: (page: Page) => Promise<void>): Promise<Buffer> {
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize(size);
  await page.goto(url);
  await ready(page);
  const png = await page.screenshot();
  await page.close();
  return png;
}

/** A 1280×800 stage: the listing's words on the left, the page's own screenshot on the right at its real size. */
async function stage(context: BrowserContext, shot: Buffer, title: string, text: string, scheme: Scheme): Promise<Buffer> {
  const page = await context.newPage();
  await page.setViewportSize(SIZE);
  const [bg, fg, accent] = scheme === 'dark' ? ['#111827', '#f3f4f6', '#93c5fd'] : ['#eef2f7', '#111827', '#1d4ed8'];
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  await page.setContent(
    `<!doctype html><html><body style="margin:0;width:1280px;height:800px;display:flex;align-items:center;gap:64px;padding:0 72px;box-sizing:border-box;background:${bg};color:${fg};font:20px/1.5 system-ui,sans-serif">` +
      `<div style="flex:1"><h1 style="font-size:44px;line-height:1.2;margin:0 0 24px;color:${accent}">${escape(title)}</h1><p style="margin:0;font-size:24px">${escape(text)}</p></div>` +
      `<img alt="" src="data:image/png;base64,${shot.toString('base64')}" style="max-height:760px;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.35)">` +
      '</body></html>',
  );
  const png = await page.screenshot();
  await page.close();
  return png;
}

function save(name: string, png: Buffer): void {
  const { width, height } = PNG.sync.read(png);
  if (width !== SIZE.width || height !== SIZE.height) throw new Error(`${name} is ${width}×${height}, not 1280×800`);
  writeFileSync(join(OUT, name), png);
  process.stdout.write(`docs/store/screenshots/${name} (${width}×${height})\n`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-store-'));
  const service = await startServer({ ...DEFAULT_CONFIG, port: 0, publicUrl: '', dataDir: join(dir, 'data'), geoHeaders: GEO });
  const token = await createToken(service.ctx.db, WORKSPACE, 'npm run store');
  const site = await startSite();
  const { context, extensionId } = await launchWithExtension(join(dir, 'profile'), extensionCopyWithLoopback(dir));
  try {
    const page = (path: string) => `chrome-extension://${extensionId}/${path}`;
    mkdirSync(OUT, { recursive: true });
    // The first run, before anything is connected: what a new user sees when the extension is installed.
    for (const scheme of ['light', 'dark'] as const) {
      const welcome = await shoot(context, page('welcome.html'), { width: 640, height: 640 }, scheme, (p) => p.getByLabel(words('baseUrlLabel')).waitFor());
      save(`welcome-${scheme}.png`, await stage(context, welcome, words('connectionFirstHeading'), words('connectionFirstIntro'), scheme));
    }
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await connectExtension(worker, { baseUrl: `${service.url}/api`, token, workspaceId: WORKSPACE });
    // The workspace's tags, so the options' default tags and the popup's filter have some to show.
    for (const tag of ['diwali', 'newsletter', 'upi']) {
      await fetch(`${service.url}/api/tag`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workspaceId: WORKSPACE, tag }),
      });
    }
    const popupReady = async (p: Page) => {
      await p.locator('#short-link').waitFor({ timeout: 15_000 });
      await p.waitForFunction(() => performance.getEntriesByName('shortlink:ready').length > 0);
    };

    // Earlier links first, so the popup's recent links list is not empty.
    for (const path of ['/monsoon-sale-2026', '/upi-checkout-guide']) {
      await shoot(context, page(`popup.html?url=${encodeURIComponent(site.url + path)}`), { width: 360, height: 600 }, 'light', popupReady);
    }
    const target = `${site.url}/diwali-offers`;
    await shoot(context, page(`popup.html?url=${encodeURIComponent(target)}`), { width: 360, height: 600 }, 'light', popupReady);
    const list = (await (await fetch(`${service.url}/api/link?workspaceId=${WORKSPACE}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { list: { _id: string; shortUrl: string; longUrl: string }[] };
    };
    const link = list.data.list.find((l) => l.longUrl === target);
    if (link === undefined) throw new Error('The service does not list the demo link');
    for (const v of VISITS) {
      await fetch(link.shortUrl, { redirect: 'manual', headers: { 'user-agent': v.ua, [GEO.country]: 'India', [GEO.state]: v.state, [GEO.city]: v.city } });
    }
    // The service writes clicks about once a second.
    await new Promise((r) => setTimeout(r, 2500));

    for (const scheme of ['light', 'dark'] as const) {
      const popup = await shoot(context, page(`popup.html?url=${encodeURIComponent(target)}`), { width: 360, height: 600 }, scheme, popupReady);
      save(`popup-${scheme}.png`, await stage(context, popup, words('extensionName'), words('extensionDescription'), scheme));
      const panel = await shoot(context, page(`sidepanel.html?linkId=${encodeURIComponent(link._id)}`), { width: 420, height: 760 }, scheme, async (p) => {
        await p.locator('[data-block] canvas').first().waitFor({ timeout: 15_000 });
        // Charts animate in; the screenshot waits for them to settle.
        await p.waitForTimeout(1200);
      });
      save(`sidepanel-${scheme}.png`, await stage(context, panel, words('sidepanelTitle'), words('analyticsTopStates') + ', ' + words('analyticsTopBrowsers').toLowerCase() + ', ' + words('analyticsHourDayClicks').toLowerCase() + '.', scheme));
      // The options page on its Shortening section: what a user sets once, with the workspace's domain and tags.
      save(
        `options-${scheme}.png`,
        await shoot(context, page('options.html#shortening'), SIZE, scheme, async (p) => {
          await p.getByRole('heading', { name: words('defaultsHeading'), exact: true }).waitFor();
          await p.locator('#default-domain:enabled').waitFor({ timeout: 15_000 });
        }),
      );
    }
  } finally {
    await context.close().catch(() => undefined);
    site.server.close();
    site.server.closeAllConnections();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
