// Local screenshots for review (not committed).
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEFAULT_CONFIG } from '../server/config';
import { createToken } from '../server/http/auth';
import { startServer } from '../server/start';
import { ROOT, connectExtension } from './chromium';

const OUT = '/work/shots/options';
const WS = 'acme';
const TITLES: Record<string, string> = {
  '/spring-tickets': 'Spring Festival tickets – Acme Events',
  '/newsletter/march': 'March newsletter – Acme Events',
  '/partners': 'Become a partner – Acme Events',
  '/blog/launch-2026': 'We launched the 2026 season – Acme Blog',
  '/venues/lisbon': 'Lisbon venue guide – Acme Events',
  '/careers': 'Careers at Acme',
  '/press': 'Press kit – Acme',
  '/faq': 'Frequently asked questions – Acme Events',
  '/offline-a': 'Summer camp early bird – Acme Events',
  '/offline-b': 'Volunteer sign-up – Acme Events',
  '/came-from': 'Autumn conference programme – Acme Events',
};
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'shots-'));
  const service = await startServer({ ...DEFAULT_CONFIG, port: 0, publicUrl: '', dataDir: join(dir, 'data') });
  const port = new URL(service.url).port;
  const token = await createToken(service.ctx.db, WS, 'shots');
  const site = http.createServer((req, res) => {
    const title = TITLES[req.url ?? ''] ?? 'Acme Events';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
  const sitePort = (site.address() as AddressInfo).port;
  const siteUrl = `http://www.acme-events.example:${sitePort}`;
  const base = `http://shl.ink:${port}`;
  const ext = join(dir, 'extension');
  cpSync(join(ROOT, '.output/chrome-mv3'), ext, { recursive: true });
  const mf = JSON.parse(readFileSync(join(ext, 'manifest.json'), 'utf8'));
  mf.host_permissions = ['http://*/*'];
  writeFileSync(join(ext, 'manifest.json'), JSON.stringify(mf));
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: false,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync', `--disable-extensions-except=${ext}`, `--load-extension=${ext}`,
      '--host-resolver-rules=MAP shl.ink 127.0.0.1, MAP *.acme-events.example 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  const page = (p: string) => `chrome-extension://${id}/${p}`;
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${service.url}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return ((await r.json()) as { data: any }).data;
  };
  const shot = async (name: string, url: string, width: number, height: number, scheme: 'light' | 'dark', ready: (p: Page) => Promise<void>, full = true) => {
    const p = await context.newPage();
    await p.emulateMedia({ colorScheme: scheme });
    await p.setViewportSize({ width, height });
    await p.goto(url);
    await ready(p);
    await p.waitForTimeout(400);
    await p.screenshot({ path: join(OUT, `${name}-${scheme}.png`), fullPage: full });
    await p.close();
  };
  // Welcome, before connecting: a refused field, focused.
  for (const scheme of ['light', 'dark'] as const) {
    await shot('welcome-invalid', page('welcome.html'), 640, 700, scheme, async (p) => {
      await p.getByLabel('API base URL').fill('shl.ink');
      await p.getByRole('button', { name: 'Connect' }).click();
      await p.getByLabel('API base URL').focus();
    });
  }
  await connectExtension(worker, { baseUrl: `${base}/api`, token, workspaceId: WS });
  const tagsOf: Record<string, string[]> = {
    '/spring-tickets': ['spring-sale', 'launch-2026'], '/newsletter/march': ['newsletter'], '/partners': ['partners'], '/blog/launch-2026': ['launch-2026', 'newsletter'],
    '/venues/lisbon': [], '/careers': [], '/press': ['partners'], '/faq': [],
  };
  for (const tag of ['spring-sale', 'launch-2026', 'newsletter', 'partners', 'speakers']) await api('POST', '/tag', { workspaceId: WS, tag });
  for (const [path, tags] of Object.entries(tagsOf)) {
    const made = await api('POST', '/link', { workspaceId: WS, keywordType: 'HASH', longUrl: `${siteUrl}${path}`, customDomain: null });
    if (tags.length) await api('PATCH', '/link', { workspaceId: WS, linkId: made.linkId, tags });
  }
  for (const scheme of ['light', 'dark'] as const) {
    await shot('options-tags', page('options.html#tags'), 1100, 800, scheme, (p) => p.getByText(/counted in all/).waitFor());
    await shot('options-shortening', page('options.html#shortening'), 1100, 800, scheme, async (p) => {
      await p.getByRole('combobox', { name: 'Default tags' }).waitFor();
      if (scheme === 'light') {
        const f = p.getByRole('combobox', { name: 'Default tags' });
        await f.fill('news');
        await p.getByRole('option', { name: 'newsletter' }).click();
        await p.waitForTimeout(600);
      }
      await p.getByRole('combobox', { name: 'Default tags' }).fill('spr');
    });
  }
  // Domains: one connected (records right after), then the row later.
  {
    const p = await context.newPage();
    await p.setViewportSize({ width: 1100, height: 900 });
    await p.goto(page('options.html#domains'));
    await p.getByLabel('Domain to connect').fill('go.acme-events.example');
    await p.getByRole('button', { name: 'Connect', exact: true }).click();
    await p.getByRole('region', { name: /DNS records for/ }).waitFor();
    await p.close();
  }
  for (const scheme of ['light', 'dark'] as const) {
    await shot('options-domains', page('options.html#domains'), 1100, 800, scheme, async (p) => {
      await p.locator('li.domain-row summary').first().click();
    });
  }
  // Welcome after connecting, from a page the user was on.
  for (const scheme of ['light', 'dark'] as const) {
    const from = await context.newPage();
    await from.goto(`${siteUrl}/came-from`);
    await shot('welcome-done', page('welcome.html'), 640, 800, scheme, async (p) => {
      await p.getByRole('button', { name: 'Shorten this page' }).waitFor({ timeout: 10000 }).catch(() => undefined);
    });
    await from.close();
  }
  // Queue: the service goes away; three links wait.
  await service.close();
  for (const path of ['/offline-a', '/offline-b', '/venues/lisbon']) {
    const p = await context.newPage();
    await p.setViewportSize({ width: 360, height: 600 });
    await p.goto(page(`popup.html?url=${encodeURIComponent(siteUrl + path)}`));
    await p.waitForTimeout(3000);
    await p.close();
  }
  await new Promise((r) => setTimeout(r, 4000));
  for (const scheme of ['light', 'dark'] as const) {
    await shot('options-queue', page('options.html#queue'), 1100, 800, scheme, (p) => p.locator('li.queue-item').first().waitFor());
  }
  await context.close();
  site.close();
  site.closeAllConnections();
}
await main();
process.exit(0);
