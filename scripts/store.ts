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
 * The data is the demo workspace (scripts/demo/: ten links with real titles
 * and 1,846 clicks the service recorded, short links on acme.link, pages on
 * public-looking hosts), as `npm run screens` uses it, so no picture shows a
 * loopback address. Needs the Chromium build (`npm run build`); data lives in
 * a temporary folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { ROOT } from './chromium';
import { connectDemoExtension, launchDemoBrowser } from './demo/demo-browser';
import { DEMO_PAGES } from './demo/demo-pages';
import { startDemoWorld } from './demo/demo-world';

/** `--out DIR` writes elsewhere (to look at the pictures before replacing the listing's). */
const { values: flags } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
const OUT = flags.out === undefined ? join(ROOT, 'docs/store/screenshots') : resolve(flags.out);
const SIZE = { width: 1280, height: 800 };
type Scheme = 'light' | 'dark';

const en = JSON.parse(readFileSync(join(ROOT, 'public/_locales/en/messages.json'), 'utf8')) as Record<string, { message: string }>;
const words = (key: string): string => en[key]?.message ?? key;

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
  process.stdout.write(`${join(OUT, name)} (${width}×${height})\n`);
}

async function main(): Promise<void> {
  const world = await startDemoWorld('shortlink-store-');
  const { context, extensionId } = await launchDemoBrowser(join(world.dir, 'browser'), { site: world.site.port, front: world.front.port });
  try {
    const page = (path: string) => `chrome-extension://${extensionId}/${path}`;
    mkdirSync(OUT, { recursive: true });
    // The first run, before anything is connected: what a new user sees when the extension is installed.
    for (const scheme of ['light', 'dark'] as const) {
      const welcome = await shoot(context, page('welcome.html'), { width: 640, height: 640 }, scheme, (p) => p.getByLabel(words('connectionCodeLabel')).waitFor());
      save(`welcome-${scheme}.png`, await stage(context, welcome, words('connectionFirstHeading'), words('firstRunIntro'), scheme));
    }
    await connectDemoExtension(context, world.demo.token);
    const popupReady = async (p: Page) => {
      await p.locator('#short-link').waitFor({ timeout: 15_000 });
      await p.waitForFunction(() => performance.getEntriesByName('shortlink:ready').length > 0);
      await p.locator('.recent-row').first().waitFor({ timeout: 15_000 });
    };

    // A page outside the workspace, shortened once before: the popup shows its link above the workspace's recent links.
    const target = DEMO_PAGES[10]?.url ?? '';
    await shoot(context, page(`popup.html?url=${encodeURIComponent(target)}`), { width: 360, height: 600 }, 'light', popupReady);
    const link = world.workspace.busiest;

    for (const scheme of ['light', 'dark'] as const) {
      const popup = await shoot(context, page(`popup.html?url=${encodeURIComponent(target)}`), { width: 360, height: 600 }, scheme, popupReady);
      save(`popup-${scheme}.png`, await stage(context, popup, words('extensionName'), words('extensionDescription'), scheme));
      const panel = await shoot(context, page(`sidepanel.html?linkId=${encodeURIComponent(link.id)}`), { width: 420, height: 760 }, scheme, async (p) => {
        await p.locator('canvas').first().waitFor({ timeout: 15_000 });
        await p.waitForFunction(() => document.querySelector('.skeleton, [aria-busy="true"], .chart-pending') === null);
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
    await world.close();
  }
}

await main();
