/**
 * Bulk shortening (bulk.html) in Chromium against the real service: a pasted
 * list made exactly once with the worker stopped twice, a selection's links,
 * every tab of a window, a service answering 429, Cancel, and the exports
 * compared with the service's own list.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page, Worker } from 'playwright-core';
import { axeViolations, eventually, useExtension, type Harness } from './fixture';
import { BulkPage, serviceLinks } from './pages/bulk-page';
import { PopupPage } from './pages/popup-page';
import { linksMade, stopWorker } from './queue-load';

/**
 * Headless Chromium cannot answer a permission prompt: the harness's copy of
 * the build has `tabs` granted already, so "Shorten all tabs" finds its
 * request granted at once, as after a user's "Allow".
 */
function grantTabs(extensionDir: string): void {
  const path = join(extensionDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  manifest.permissions.push('tabs');
  manifest.optional_permissions = (manifest.optional_permissions ?? []).filter((p) => p !== 'tabs');
  writeFileSync(path, JSON.stringify(manifest));
}

interface ChromeInWorker {
  chrome: {
    tabs: { query(q: Record<string, unknown>): Promise<{ id?: number; url?: string }[]> };
    contextMenus: {
      update(id: string, props: Record<string, never>): Promise<void>;
      onClicked: { dispatch(info: Record<string, unknown>, tab?: Record<string, unknown>): void };
    };
    notifications: { create(id: string, options: { title: string; message: string }, cb?: () => void): unknown };
  };
  bulkShown?: { id: string; title: string; message: string }[];
}

/** Records the notifications the worker asks for from now on (until it restarts). */
async function recordNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as ChromeInWorker;
    if (g.bulkShown !== undefined) {
      g.bulkShown.length = 0;
      return;
    }
    g.bulkShown = [];
    const create = g.chrome.notifications.create.bind(g.chrome.notifications);
    g.chrome.notifications.create = (id, options, cb) => {
      g.bulkShown?.push({ id, title: options.title, message: options.message });
      return create(id, options, cb);
    };
  });
}

const notifications = (worker: Worker) => worker.evaluate(() => (globalThis as unknown as ChromeInWorker).bulkShown ?? []);

/** The bulk page another part of the extension opens in a new tab. */
async function bulkOpened(h: Harness, open: () => Promise<void>): Promise<BulkPage> {
  const opened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/bulk.html'), timeout: 20_000 });
  await open();
  return BulkPage.from(await opened);
}

/** A deterministic shuffle (the same order on every run). */
function shuffled<T>(list: readonly T[], seed = 7): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** 300 lines: 250 distinct valid URLs, 30 repeats of them spelt otherwise, 20 that can't be shortened. */
function threeHundredLines(h: Harness, prefix: string): string {
  const valid = Array.from({ length: 250 }, (_, i) => `${h.site.url}/${prefix}${i}`);
  const repeats = Array.from({ length: 30 }, (_, i) => valid[i * 7]!.replace('http://', i % 2 === 0 ? 'HTTP://' : 'http://').replace(`/${prefix}`, `/./${prefix}`));
  const invalid = [
    ...Array.from({ length: 5 }, (_, i) => `javascript:alert(${i})`),
    ...Array.from({ length: 5 }, (_, i) => `data:text/plain,hello${i}`),
    ...Array.from({ length: 4 }, (_, i) => `${h.site.url}/${'x'.repeat(2100)}${i}`),
    ...Array.from({ length: 3 }, (_, i) => `http://user:pass@127.0.0.1/${i}`),
    ...Array.from({ length: 3 }, (_, i) => `ftp://files.example/${i}`),
  ];
  return shuffled([...valid, ...repeats, ...invalid]).join('\n');
}

describe('bulk shortening', () => {
  const h = useExtension({ clipboard: true, connect: true, createRateLimitPerMinute: 1_000_000, prepareExtension: grantTabs });

  // First in this file: the worker has not read the workspace's newest links yet (it reads them at most once a minute).
  it('a pasted list names every line: a scheme typo and a bare www. with Use it, new and reused counted apart, the problems kept after the run', async () => {
    // A link of the workspace made elsewhere (through the service's API, not this browser): "already shortened" finds it.
    const made = await fetch(`${h.service.url}/api/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: 'https://www.acme-events.example/tickets' }),
    });
    const tickets = ((await made.json()) as { data: { shortUrl: string } }).data.shortUrl;
    const bulk = await BulkPage.open(h);
    const shorten = bulk.page.locator('#bulk-shorten');
    // An empty page offers no "Shorten 0 links".
    assert.equal(await shorten.isDisabled(), true);
    assert.equal((await shorten.textContent())?.trim(), 'Shorten links');
    await bulk.page.getByText('Paste links above, or choose a file, to shorten them.').waitFor();
    // The cleaning switch starts as the profile's setting (on).
    assert.equal(await bulk.page.getByRole('switch', { name: 'Clean tracking parameters' }).isChecked(), true);

    await bulk.paste(
      [
        'https://acme-events.example/spring?utm_source=news&fbclid=IwAR0x',
        'htps://typo.example/spring',
        'www.acme-events.example/tickets',
        'ftp://files.example/brochure.pdf',
        'See you all in May!',
        'https://acme-events.example/gallery',
      ].join('\n'),
    );
    assert.equal(await bulk.summary(/can't be shortened/), "2 links to shorten, 3 can't be shortened");
    const problems = bulk.page.getByRole('list', { name: /Can't be shortened/ });
    // As read: each part of a row on its own (a line break or a gap between them).
    const lines = async () => (await problems.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    const before = await lines();
    assert.equal(before.length, 3, JSON.stringify(before));
    assert.match(before[0]!, /^Line 2 htps:\/\/typo\.example\/spring The start of this address is misspelt\. ?htps:\/\/ → https:\/\/\? ?Use it$/);
    assert.match(before[1]!, /^Line 3 www\.acme-events\.example\/tickets This address does not start with http:\/\/ or https:\/\/\. ?www\.… → https:\/\/www\.…\? ?Use it$/);
    assert.match(before[2]!, /^Line 4 ftp:\/\/files\.example\/brochure\.pdf This link can't be shortened: only http and https links can be shortened\.$/);
    assert.deepEqual(await axeViolations(bulk.page), []);

    await bulk.page.getByRole('button', { name: 'Use it: https://www.acme-events.example/tickets, line 3' }).click();
    await bulk.summary(/already shortened/);
    assert.equal((await bulk.page.locator('#bulk-text').inputValue()).split('\n')[2], 'https://www.acme-events.example/tickets');
    assert.equal(await bulk.summary(/already shortened/), "2 links to shorten, 2 can't be shortened, 1 already shortened");
    await bulk.page.getByText(`Already shortened: ${tickets}`).waitFor();
    assert.equal((await shorten.textContent())?.trim(), 'Shorten 2 new, reuse 1');
    assert.match((await bulk.page.locator('#bulk-known-check').textContent()) ?? '', /^“Already shortened” checks the \d+ links? of this workspace this browser has seen, the newest included\.$/);
    // The link sent for the first line is cleaned: the list says so.
    await bulk.page.getByText('Tracking parameters removed').waitFor();

    await bulk.shorten();
    assert.equal(await bulk.finished(), 'Done: 2 links made, 1 already shortened.');
    // The lines that could not be used stay listed after the run, with their line numbers.
    assert.equal((await lines()).length, 2);
    assert.match((await lines())[0]!, /^Line 2 htps:\/\/typo\.example\/spring/);
    assert.match((await lines())[1]!, /^Line 4 ftp:\/\/files\.example/);
    assert.equal(await bulk.page.getByRole('button', { name: /^Use it/ }).count(), 0);
    const service = await serviceLinks(h);
    assert.deepEqual(service.filter((l) => l.longUrl.includes('acme-events.example')).map((l) => l.longUrl).sort(), [
      'https://acme-events.example/gallery',
      'https://acme-events.example/spring?utm_source=news',
      'https://www.acme-events.example/tickets',
    ]);
    assert.deepEqual(await axeViolations(bulk.page), []);
    await bulk.page.close();
  });

  it('a pasted list of 300 lines makes exactly its 250 valid, distinct links, once each, with the worker stopped twice', async () => {
    const bulk = await BulkPage.open(h);
    const prefix = 'list-';
    await bulk.paste(threeHundredLines(h, prefix));
    const summary = await bulk.summary(/250 links to shorten/);
    assert.match(summary, /30 repeats folded/);
    assert.match(summary, /20 can't be shortened/);
    assert.deepEqual(await axeViolations(bulk.page), []);

    // A slower service, so the stops surely fall in the middle of the batch.
    h.setServiceDelay(40);
    await bulk.shorten();
    const made = (n: number) => eventually(async () => ((await linksMade(h, `${h.site.url}/${prefix}`)).total >= n ? true : undefined), `${n} made`, 60_000);
    await made(60);
    await stopWorker(h, bulk.page);
    assert.ok((await linksMade(h, `${h.site.url}/${prefix}`)).total < 250, 'the first stop came during the batch');
    await made(150);
    await stopWorker(h, bulk.page);
    assert.ok((await linksMade(h, `${h.site.url}/${prefix}`)).total < 250, 'the second stop came during the batch');

    const counts = await bulk.finished();
    h.setServiceDelay(0);
    assert.match(counts, /^Done: 250 links made\.$/);
    const after = await linksMade(h, `${h.site.url}/${prefix}`);
    assert.equal(after.distinct, 250, 'every link made');
    assert.equal(after.total, 250, 'none made twice');
    const rows = await bulk.rows();
    assert.equal(rows.length, 250);
    assert.ok(rows.every((r) => r.status === 'Made' && /^http:\/\/127\.0\.0\.1:\d+\/\w{7}$/.test(r.shortUrl)));
    await bulk.page.close();
  });

  it('"Shorten links in selection": a selection with 12 anchors (two repeating others, one javascript:) gives its 9', async () => {
    const site = await h.context.newPage();
    const pageUrl = `${h.site.url}/selection-page`;
    await site.goto(pageUrl);
    // No named functions inside: the test's compiler would wrap them in a helper the page does not have.
    await site.evaluate((base) => {
      const hrefs = [...Array.from({ length: 9 }, (_, i) => `${base}/sel-${i}`), `${base}/sel-2`, `${base}/sel-5`, 'javascript:void(0)'];
      const outside = document.createElement('p');
      const picked = document.createElement('div');
      const after = document.createElement('p');
      for (const [box, href, text] of [
        [outside, `${base}/not-selected-1`, 'Before'],
        ...hrefs.map((href, i) => [picked, href, `Link ${i}`] as const),
        [after, `${base}/not-selected-2`, 'After'],
      ] as const) {
        box.append(Object.assign(document.createElement('a'), { href, textContent: text }), ', ');
      }
      document.body.append(outside, picked, after);
      document.getSelection()?.selectAllChildren(picked);
    }, h.site.url);
    const worker = await h.worker();
    const tabId = await worker.evaluate(async (url) => (await (globalThis as unknown as ChromeInWorker).chrome.tabs.query({ url })).at(0)?.id, pageUrl);
    assert.ok(tabId !== undefined, 'the page is a tab');
    // The menu's click, as the browser sends it (a native menu cannot be pressed in a test).
    const bulk = await bulkOpened(h, () =>
      worker.evaluate(
        ({ tabId, pageUrl }) =>
          (globalThis as unknown as ChromeInWorker).chrome.contextMenus.onClicked.dispatch(
            { menuItemId: 'shortlink-bulk-selection', frameId: 0, selectionText: 'Link 0, Link 1', pageUrl, editable: false },
            { id: tabId },
          ),
        { tabId, pageUrl },
      ),
    );
    const summary = await bulk.summary(/links to shorten/);
    // The two repeats are folded in the page already: the reader keeps each address once (at most 1,001).
    assert.equal(summary, "9 links to shorten, 1 can't be shortened");
    const text = await bulk.page.locator('#bulk-text').inputValue();
    assert.ok(!text.includes('not-selected'), 'only the selected part');
    await bulk.shorten();
    assert.equal(await bulk.finished(), 'Done: 9 links made.');
    const made = await linksMade(h, `${h.site.url}/sel-`);
    assert.deepEqual(made, { total: 9, distinct: 9 });
    // Titles come from the anchors' text.
    const rows = await bulk.rows();
    assert.deepEqual(rows.map((r) => r.destination), Array.from({ length: 9 }, (_, i) => `Link ${i}`));
    await Promise.all([bulk.page.close(), site.close()]);
  });

  it('"Shorten all tabs in this window" from the popup\'s More menu: the window\'s http(s) tabs, with their titles', async () => {
    const tabs: Page[] = [];
    for (const name of ['tab-one', 'tab-two', 'tab-three']) {
      const page = await h.context.newPage();
      await page.goto(`${h.site.url}/${name}`);
      tabs.push(page);
    }
    const open = new Set(h.context.pages().map((p) => p.url()).filter((u) => /^https?:/.test(u)));
    const popup = await PopupPage.open(h, `${h.site.url}/tab-one`);
    await popup.shortLink();
    await popup.page.getByRole('button', { name: 'More', exact: true }).click();
    const bulk = await bulkOpened(h, () => popup.page.getByRole('menuitem', { name: 'Shorten all tabs in this window' }).click());
    const summary = await bulk.summary(/to shorten/);
    // tab-one was made by the popup a moment ago: it is reused, not made again, and counted apart from the new ones.
    assert.match(summary, new RegExp(`^${open.size - 1} links? to shorten`));
    assert.match(summary, /1 already shortened/);
    await bulk.shorten();
    assert.match(await bulk.finished(), /links made, 1 already shortened\.$/);
    const rows = await bulk.rows();
    assert.ok(['Demo tab-one', 'Demo tab-two', 'Demo tab-three'].every((title) => rows.some((r) => r.destination === title)), JSON.stringify(rows));
    assert.equal((await linksMade(h, `${h.site.url}/tab-one`)).total, 1, 'the popup\'s link reused');
    await Promise.all([bulk.page.close(), ...tabs.map((t) => t.close()), popup.page.isClosed() ? undefined : popup.close()]);
  });

  it('a service that answers 429 to every fifth request: every link made once, and one notification for the batch', async () => {
    const bulk = await BulkPage.open(h);
    const urls = Array.from({ length: 40 }, (_, i) => `${h.site.url}/limited-${i}`);
    await bulk.paste(urls.join('\n'));
    await bulk.summary(/^40 links to shorten$/);
    const worker = await h.worker();
    await recordNotifications(worker);
    h.refuseEvery(5, '1');
    await bulk.shorten();
    assert.equal(await bulk.finished(), 'Done: 40 links made.');
    const refused = h.refused();
    h.refuseEvery(0);
    assert.ok(refused >= 5, `the proxy refused a fifth of the requests (${refused})`);
    assert.deepEqual(await linksMade(h, `${h.site.url}/limited-`), { total: 40, distinct: 40 });
    const shown = await eventually(async () => {
      const all = await notifications(worker);
      return all.length > 0 ? all : undefined;
    }, 'the batch notification');
    assert.deepEqual(
      shown.map((n) => [n.title, n.message]),
      [['Bulk shortening finished', '40 links made']],
    );
    await bulk.page.close();
  });

  it('Cancel stops what has not been sent and says how many were made', async () => {
    const bulk = await BulkPage.open(h);
    await bulk.paste(Array.from({ length: 120 }, (_, i) => `${h.site.url}/cancelled-${i}`).join('\n'));
    await bulk.summary(/^120 links to shorten$/);
    h.setServiceDelay(200);
    await bulk.shorten();
    await eventually(async () => ((await linksMade(h, `${h.site.url}/cancelled-`)).total >= 10 ? true : undefined), '10 made', 60_000);
    await bulk.page.locator('#bulk-cancel').click();
    const counts = await bulk.finished(30_000);
    h.setServiceDelay(0);
    const [, made, cancelled] = /^Cancelled: (\d+) links made, (\d+) cancelled\.$/.exec(counts) ?? [];
    assert.ok(made !== undefined && cancelled !== undefined, counts);
    assert.equal(Number(made) + Number(cancelled), 120);
    assert.ok(Number(cancelled) > 0);
    // Sends under way when Cancel came still end, and are counted: then nothing more is made.
    await new Promise((r) => setTimeout(r, 2000));
    const onService = (await linksMade(h, `${h.site.url}/cancelled-`)).total;
    assert.match(await bulk.counts(), new RegExp(`^Cancelled: ${onService} links made, ${120 - onService} cancelled\\.$`));
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal((await linksMade(h, `${h.site.url}/cancelled-`)).total, onService, 'nothing sent after Cancel');
    await bulk.page.close();
  });

  it('Export CSV, Copy all and Replace in text agree with the service\'s own list', async () => {
    const bulk = await BulkPage.open(h);
    const url = (i: number) => `${h.site.url}/export-${i}?ref=news&n=${i}`;
    // Prose around the URLs: punctuation, brackets, quotes and Markdown that must come through unchanged.
    const parts = [
      '# Weekly links\r\n\r\nFirst (',
      url(0),
      '), then "',
      url(1),
      '".\n- [The third](',
      url(2),
      ') — and **',
      url(3),
      '**, again ',
      url(0),
      '!\n\tदेखें: ',
      url(4),
      '। 😀\n',
    ];
    // From a file: a pasted text's line ends are the browser's (a text field keeps LF only); a file's are kept.
    await bulk.page.locator('input[type="file"]').setInputFiles({ name: 'links.md', mimeType: 'text/markdown', buffer: Buffer.from(parts.join(''), 'utf8') });
    await bulk.summary(/^5 links to shorten, 1 repeat folded into its first$/);
    await bulk.shorten();
    await bulk.finished();
    const service = new Map((await serviceLinks(h)).map((l) => [l.longUrl, l.shortUrl]));
    const shortOf = (i: number) => service.get(url(i))!;

    const download = bulk.page.waitForEvent('download');
    await bulk.page.locator('#bulk-csv').click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines[0], 'Destination,Title,Short link,Status');
    assert.deepEqual(lines.slice(1), [0, 1, 2, 3, 4].map((i) => `${url(i)},,${shortOf(i)},Made`));

    await bulk.page.locator('#bulk-copy-all').click();
    const clipboard = await eventually(async () => {
      const held = await bulk.page.evaluate(() => navigator.clipboard.readText());
      return held.startsWith('http') ? held : undefined;
    }, 'the links on the clipboard');
    assert.equal(clipboard, [0, 1, 2, 3, 4].map(shortOf).join('\n'));

    await bulk.page.locator('#bulk-replace').click();
    const expected = parts.map((part, i) => (i % 2 === 1 ? service.get(part)! : part)).join('');
    // Shown in a text field, which gives its value with LF line ends; Copy text copies it as it is.
    assert.equal(await bulk.page.locator('#bulk-replaced-text').inputValue(), expected.replace(/\r\n/g, '\n'));
    await bulk.page.locator('#bulk-copy-text').click();
    const replaced = await eventually(async () => {
      const held = await bulk.page.evaluate(() => navigator.clipboard.readText());
      return held.startsWith('#') ? held : undefined;
    }, 'the text on the clipboard');
    assert.equal(replaced, expected, 'every byte but the URLs as given');
    assert.deepEqual(await axeViolations(bulk.page), []);
    await bulk.page.close();
  });

  it('offers its context menu items', async () => {
    const worker = await h.worker();
    for (const id of ['shortlink-bulk-selection', 'shortlink-bulk-action']) {
      await eventually(() => worker.evaluate((menuId) => (globalThis as unknown as ChromeInWorker).chrome.contextMenus.update(menuId, {}).then(() => true), id), `the ${id} item`);
    }
  });
});
