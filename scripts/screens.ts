/**
 * `npm run screens -- --out DIR [--only popup,sidepanel,…]`: every page of
 * the extension, light and dark, at its real width, with real-looking data:
 * the demo workspace (scripts/demo/: ten links, 1,846 clicks the service
 * recorded from real requests) on the short host acme.link, pages with real
 * titles and icons under public-looking hosts, and the real service and
 * Chromium. For looking at every page before and after a change.
 *
 * Groups (--only): welcome, popup, popup-elsewhere (a second profile, whose
 * popup and bulk page say the first has a link to the page already),
 * popup-queued, sidepanel, sidepanel-down, options, bulk, hindi. Builds the extension first when the build is missing
 * or older than its sources.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { buildIfNeeded } from './build-if-needed';
import { ROOT } from './chromium';
import { connectDemoExtension, launchDemoBrowser } from './demo/demo-browser';
import { DEMO_PAGES } from './demo/demo-pages';
import { DEMO_WORKSPACE } from './demo/demo-service';
import { startDemoWorld, type DemoWorld } from './demo/demo-world';
import { createToken } from '../server/http/auth';

const GROUPS = ['welcome', 'popup', 'popup-elsewhere', 'popup-queued', 'sidepanel', 'sidepanel-down', 'options', 'bulk', 'hindi'] as const;
type Group = (typeof GROUPS)[number];
type Scheme = 'light' | 'dark';
const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** The popup's width (components/popup/popup.css) and the browser's popup height limit. */
const POPUP = { width: 360, height: 600 };
/** A side panel's usual width (components/sidepanel/sidepanel.css: 320 to 480 px). */
const PANEL = { width: 400, height: 800 };
/** A browser tab, for the options, bulk and welcome pages. */
const TAB = { width: 1280, height: 800 };
const OPTION_SECTIONS = ['connection', 'shortening', 'tags', 'queue', 'domains'] as const;

/**
 * Pages outside the workspace: the popup's page, shortened with this browser
 * before its picture; the two that wait in the queue; the Hindi popup's page
 * (another browser profile: its own link, not a second one for the same page).
 */
const [SHORTENED_PAGE = '', ...NEW_PAGES] = DEMO_PAGES.slice(10).map((p) => p.url);
const HINDI_PAGE = NEW_PAGES[2] ?? '';

/** A pasted list as a user would bring it: new pages, workspace links, a scheme typo, a bare www. line and an ftp: line. */
const BULK_LIST = [
  SHORTENED_PAGE,
  ...NEW_PAGES,
  DEMO_PAGES[0]?.url ?? '',
  'htps://typo.example/spring',
  'www.acme-events.example/tickets',
  DEMO_PAGES[3]?.url ?? '',
  'ftp://files.contoso.example/brochure.pdf',
].join('\n');

type Catalogue = Record<string, { message: string }>;
const catalogue = (locale: string): Catalogue => JSON.parse(readFileSync(join(ROOT, `public/_locales/${locale}/messages.json`), 'utf8')) as Catalogue;

const { values: flags } = parseArgs({ options: { out: { type: 'string' }, only: { type: 'string' } }, strict: true });
if (flags.out === undefined) throw new Error('Usage: npm run screens -- --out DIR [--only ' + GROUPS.join(',') + ']');
const OUT = resolve(flags.out);
const only = flags.only === undefined ? [...GROUPS] : flags.only.split(',').map((g) => g.trim());
for (const group of only) if (!(GROUPS as readonly string[]).includes(group)) throw new Error(`Unknown group "${group}"; groups: ${GROUPS.join(', ')}`);
const wanted = (group: Group): boolean => only.includes(group);

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

interface Browser {
  context: BrowserContext;
  extensionId: string;
  words: Catalogue;
}

const word = (b: Browser, key: string): string => b.words[key]?.message ?? key;

/**
 * Opens an extension page at `size`, waits for `ready`, and writes
 * `<name>-<scheme>.png` for each of `schemes` (the whole page when
 * `fullPage`). The page loads in the first scheme; later ones are switched on
 * the loaded page, for states a second load would change (a second popup on
 * a page while the service is away queues the page twice).
 */
async function shoot(b: Browser, name: string, path: string, size: { width: number; height: number }, schemes: readonly Scheme[], ready: (page: Page) => Promise<void>, fullPage = false): Promise<void> {
  const page = await b.context.newPage();
  let scheme = schemes[0] ?? 'light';
  try {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(size);
    await page.goto(`chrome-extension://${b.extensionId}/${path}`);
    await ready(page);
    await assertNoLoopback(page);
    for (scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await settled(page);
      if (fullPage) {
        // Grow the window to the page, so what only draws in view (charts, the list's next page) is drawn.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
        await settled(page);
      }
      const file = join(OUT, `${name}-${scheme}.png`);
      writeFileSync(file, await page.screenshot({ fullPage }));
      const { width, height } = PNG.sync.read(readFileSync(file));
      log(`${name}-${scheme}.png ${width}×${height}`);
    }
  } catch (error) {
    // What the page showed instead, to see why it never got ready.
    await page.screenshot({ path: join(OUT, `${name}-${scheme}-FAILED.png`), fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await page.close();
  }
}

/** The pictures must look like a real setup: no loopback address in the page's text or fields. */
async function assertNoLoopback(page: Page): Promise<void> {
  const text = await page.evaluate(() => [document.body.innerText, ...Array.from(document.querySelectorAll('input, textarea'), (el) => (el as HTMLInputElement).value)].join('\n'));
  const found = /127\.0\.0\.1|localhost|\[::1\]/.exec(text);
  if (found !== null) throw new Error(`${page.url()} shows "${found[0]}"`);
}

/** Nothing loading: no skeleton, no busy region, no chart waiting for Chart.js, and fonts in. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.skeleton, [aria-busy="true"], .chart-pending') === null, undefined, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // One more frame for what the last answer changed.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

const popupPath = (url: string): string => `popup.html?url=${encodeURIComponent(url)}`;
const panelPath = (linkId: string): string => `sidepanel.html?linkId=${encodeURIComponent(linkId)}`;

async function popupReady(page: Page): Promise<void> {
  await page.locator('#short-link').waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => performance.getEntriesByName('shortlink:ready').length > 0);
  await page.locator('.recent-row').first().waitFor({ timeout: 20_000 });
}

async function panelReady(page: Page): Promise<void> {
  await page.locator('[data-block="scoreCard"]').waitFor({ timeout: 20_000 });
  await page.locator('canvas').first().waitFor({ timeout: 20_000 });
}

/** The service out of reach: what a page shows once it gave up (a status or an alert), or its last state after a while. */
async function downReady(page: Page): Promise<void> {
  await page.locator('[role="alert"], [role="status"]:not(:empty), .banner').first().waitFor({ timeout: 20_000 }).catch(() => undefined);
}

async function main(): Promise<void> {
  buildIfNeeded(log);
  mkdirSync(OUT, { recursive: true });
  log('Starting the service and making the demo workspace…');
  const world = await startDemoWorld('shortlink-screens-');
  log(`Workspace: ${world.workspace.links.length} links, ${world.workspace.total} clicks; the side panel's link: ${world.workspace.busiest.shortUrl} (${world.workspace.busiest.clicks} clicks)`);
  try {
    if (GROUPS.some((g) => g !== 'hindi' && wanted(g))) await english(world);
    if (wanted('hindi')) await hindi(world);
  } finally {
    await world.close();
  }
  log(`Screenshots in ${OUT}`);
}

async function english(world: DemoWorld): Promise<void> {
  const ports = { site: world.site.port, front: world.front.port };
  const launched = await launchDemoBrowser(join(world.dir, 'en'), ports);
  const b: Browser = { ...launched, words: catalogue('en') };
  const { busiest, links } = world.workspace;
  const unseen = links.find((l) => l.id !== busiest.id && l.clicks < 100 && l.clicks !== 97) ?? busiest;
  try {
    if (wanted('welcome')) {
      for (const scheme of SCHEMES) await shoot(b, 'welcome', 'welcome.html', TAB, [scheme], (p) => p.getByLabel(word(b, 'connectionCodeLabel')).waitFor());
    }
    await connectDemoExtension(b.context, world.demo.token);

    if (wanted('popup')) {
      // Shortened earlier with this browser: the popup's opening for the picture shows the link it made.
      await openPopup(b, SHORTENED_PAGE, popupReady);
      for (const scheme of SCHEMES) await shoot(b, 'popup', popupPath(SHORTENED_PAGE), POPUP, [scheme], popupReady);
    }
    if (wanted('popup-elsewhere')) await elsewhere(b, world);
    // Opened before the service goes away: its figures are the ones "seen before".
    if (wanted('sidepanel') || wanted('sidepanel-down')) {
      for (const scheme of SCHEMES) await shoot(b, 'sidepanel', panelPath(busiest.id), PANEL, [scheme], panelReady, true);
    }
    if (wanted('options')) {
      await connectDomain(world);
      for (const section of OPTION_SECTIONS.filter((s) => s !== 'queue')) {
        for (const scheme of SCHEMES) {
          await shoot(b, `options-${section}`, `options.html#${section}`, TAB, [scheme], (p) => p.locator(`#${section}-heading`).waitFor(), true);
        }
      }
    }
    if (wanted('bulk')) {
      for (const scheme of SCHEMES) {
        await shoot(b, 'bulk', 'bulk.html', TAB, [scheme], async (p) => {
          await p.getByLabel(word(b, 'bulkTextLabel')).fill(BULK_LIST);
          await p.waitForTimeout(500);
        }, true);
      }
    }

    world.front.setDown(true);
    // Two pages wait in the queue, each opened once; the first is the popup's picture, in both schemes from one opening.
    const queued = (p: Page) => p.getByText(word(b, 'popupUnreachableDetail')).waitFor({ timeout: 30_000 });
    if (wanted('popup-queued')) await shoot(b, 'popup-queued', popupPath(NEW_PAGES[0] ?? ''), POPUP, SCHEMES, queued);
    else if (wanted('options')) await openPopup(b, NEW_PAGES[0] ?? '', queued);
    if (wanted('options')) await openPopup(b, NEW_PAGES[1] ?? '', queued);
    if (wanted('options')) {
      for (const scheme of SCHEMES) {
        await shoot(b, 'options-queue', 'options.html#queue', TAB, [scheme], (p) => p.locator('section[aria-labelledby="queue-heading"] li').first().waitFor(), true);
      }
    }
    if (wanted('sidepanel-down')) {
      for (const scheme of SCHEMES) {
        await shoot(b, 'sidepanel-down-seen', panelPath(busiest.id), PANEL, [scheme], downReady, true);
        await shoot(b, 'sidepanel-down-unseen', panelPath(unseen.id), PANEL, [scheme], downReady, true);
      }
    }
  } finally {
    await b.context.close().catch(() => undefined);
    // Back only once this browser is gone: its queue must not send the waiting pages.
    world.front.setDown(false);
  }
}

/** A second profile on another workspace: the page the first shortened is offered, not made again (popup), and marked (bulk). */
async function elsewhere(b: Browser, world: DemoWorld): Promise<void> {
  await openPopup(b, SHORTENED_PAGE, popupReady);
  const token = await createToken(world.demo.service.ctx.db, 'personal', 'screens');
  const worker = b.context.serviceWorkers()[0] ?? (await b.context.waitForEvent('serviceworker'));
  type Stored = { activeId: string; profiles: { id: string; baseUrl: string }[] };
  const set = (active: 'personal' | 'first') => // The demo profile is active again after.
    worker.evaluate(
      async ({ active, token }) => {
        const local = (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<{ connection: Stored }>; set(v: unknown): Promise<void> } } } }).chrome.storage.local;
        const { connection } = await local.get('connection');
        const first = connection.profiles.find((p) => p.id !== 'screens-personal');
        const profiles = connection.profiles.some((p) => p.id === 'screens-personal')
          ? connection.profiles
          : [...connection.profiles, { id: 'screens-personal', name: 'Personal', baseUrl: first?.baseUrl ?? '', token, workspaceId: 'personal' }];
        await local.set({ connection: { ...connection, profiles, activeId: active === 'personal' ? 'screens-personal' : (first?.id ?? '') } });
      },
      { active, token },
    );
  await set('personal');
  try {
    for (const scheme of SCHEMES) await shoot(b, 'popup-elsewhere', popupPath(SHORTENED_PAGE), POPUP, [scheme], (p) => p.locator('.elsewhere-note').waitFor({ timeout: 20_000 }));
    for (const scheme of SCHEMES) {
      await shoot(b, 'bulk-elsewhere', 'bulk.html', TAB, [scheme], async (p) => {
        await p.getByLabel(word(b, 'bulkTextLabel')).fill(BULK_LIST.split('\n').slice(0, 4).join('\n'));
        await p.locator('.bulk-elsewhere').first().waitFor({ timeout: 20_000 });
      }, true);
    }
  } finally {
    await set('first');
  }
}

/** Opens the popup on `url` until `ready`, with no picture: to shorten or queue a page as the user did earlier. */
async function openPopup(b: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<void> {
  const page = await b.context.newPage();
  await page.goto(`chrome-extension://${b.extensionId}/${popupPath(url)}`);
  await ready(page);
  await page.close();
}

/** A custom domain of the workspace, for the Domains section (the service trusts domains here: no DNS). */
async function connectDomain(world: DemoWorld): Promise<void> {
  const res = await fetch(`${world.demo.service.url}/api/customDomain`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.demo.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: DEMO_WORKSPACE, domain: 'go.acme-events.example' }),
  });
  if (!res.ok && res.status !== 409) throw new Error(`POST /customDomain: ${res.status} ${await res.text()}`);
}

async function hindi(world: DemoWorld): Promise<void> {
  const ports = { site: world.site.port, front: world.front.port };
  const launched = await launchDemoBrowser(join(world.dir, 'hi'), ports, { locale: 'hi-IN', token: world.demo.token });
  const b: Browser = { ...launched, words: catalogue('hi') };
  try {
    await openPopup(b, HINDI_PAGE, popupReady);
    for (const scheme of SCHEMES) {
      await shoot(b, 'popup-hi', popupPath(HINDI_PAGE), POPUP, [scheme], popupReady);
      await shoot(b, 'sidepanel-hi', panelPath(world.workspace.busiest.id), PANEL, [scheme], panelReady, true);
    }
  } finally {
    await b.context.close().catch(() => undefined);
  }
}

await main();
