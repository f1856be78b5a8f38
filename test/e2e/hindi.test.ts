/**
 * The extension in Hindi: Chromium started in `hi` (--lang and LANGUAGE), so
 * it picks public/_locales/hi like a Hindi user's browser. The popup, the
 * options page and the side panel (a link with clicks: score card, charts,
 * a data table) must show no message of the English catalogue, and no text
 * may overflow its box (Hindi runs longer than English in places).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { ROOT, chromiumArgs, connectExtension, extensionCopyWithLoopback } from '../../scripts/chromium';
import { eventually } from './fixture';
import { GEO_HEADERS, PERSON_UA, PREVIEW_BOT_UAS, WORKSPACE, startServiceParts, type ServiceParts } from './service-parts';

type Catalogue = Record<string, { message: string }>;
const en = JSON.parse(readFileSync(join(ROOT, 'public/_locales/en/messages.json'), 'utf8')) as Catalogue;
const hi = JSON.parse(readFileSync(join(ROOT, 'public/_locales/hi/messages.json'), 'utf8')) as Catalogue;

/**
 * What of each English message could show: the whole message, or for one with
 * substitutions its literal parts of 12 characters or more (shorter parts, like
 * "For ", are too common to tell anything). Messages Hindi keeps as they are
 * (the product's name, "$1 → $2") are left out.
 */
interface EnglishText {
  key: string;
  whole: boolean;
  text: string;
}
const englishTexts: EnglishText[] = Object.entries(en).flatMap(([key, { message }]): EnglishText[] => {
  if (hi[key]?.message === message) return [];
  if (!/\$\d/.test(message)) return [{ key, whole: true, text: message }];
  return message
    .split(/\$\d/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 12)
    .map((text) => ({ key, whole: false, text }));
});

interface PageText {
  /** Each text node's text and each aria-label, title, placeholder and alt, trimmed. */
  pieces: string[];
  body: string;
  /** Elements whose text is wider than their box. */
  overflowing: string[];
}

async function readPage(page: Page): Promise<PageText> {
  return page.evaluate(() => {
    const pieces: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text !== '') pieces.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) pieces.push(value);
      }
    }
    pieces.push(document.title);
    const overflowing: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent?.trim() ?? '') !== '');
      // A 1-pixel box is text for screen readers only (.visually-hidden): it is clipped on purpose.
      if (!ownText || el.clientWidth <= 1) continue;
      const style = getComputedStyle(el);
      // Scrolling boxes and ellipsised ones (long URLs) show their overflow on purpose.
      if (['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis') continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        overflowing.push(`<${el.tagName.toLowerCase()} class="${el.className}"> ${el.scrollWidth} > ${el.clientWidth}: ${el.textContent?.trim().slice(0, 60) ?? ''}`);
      }
    }
    // A box without text of its own (a table, a row of buttons) can still push the page wider than the window.
    const page = document.scrollingElement ?? document.documentElement;
    if (page.scrollWidth > window.innerWidth + 1) overflowing.push(`the page scrolls sideways: ${page.scrollWidth} > ${window.innerWidth}`);
    return { pieces, body: document.body.innerText, overflowing };
  });
}

/** Each visible text node's text, trimmed (hidden menus and closed sections left out). */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || parent === null || !parent.checkVisibility({ visibilityProperty: true })) continue;
      // Text for screen readers only (.visually-hidden) is read, so it is checked too.
      out.push(text);
    }
    return out;
  });
}

function englishShown({ pieces, body }: PageText): string[] {
  const found = englishTexts.filter(({ whole, text }) => (whole ? pieces.includes(text) || (text.length >= 12 && body.includes(text)) : body.includes(text)));
  return found.map(({ key, text }) => `${key}: ${text}`);
}

describe('the extension in Hindi', () => {
  let parts: ServiceParts;
  let context: BrowserContext;
  let extensionId: string;
  let dir: string;
  let linkId: string;
  let worker: Worker;

  async function open(path: string, width: number): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`chrome-extension://${extensionId}/${path}`);
    return page;
  }

  before(async () => {
    // Without a Devanagari font Chromium draws boxes of its own width: the overflow checks would measure those, not Hindi.
    assert.notEqual(execFileSync('fc-list', [':lang=hi'], { encoding: 'utf8' }).trim(), '', 'a Devanagari font (Debian: fonts-lohit-deva, installed by .ci/run)');
    dir = mkdtempSync(join(tmpdir(), 'shortlink-e2e-hi-'));
    parts = await startServiceParts(dir);
    const extensionDir = extensionCopyWithLoopback(dir);
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: false,
      args: [...chromiumArgs(extensionDir, true), '--lang=hi'],
      // Chromium on Linux takes its UI language from the environment; --lang alone is not enough.
      env: { ...process.env, LANGUAGE: 'hi', LANG: 'hi_IN.UTF-8' },
      locale: 'hi-IN',
    });
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    extensionId = new URL(worker.url()).host;
    await connectExtension(worker, { baseUrl: `${parts.proxy.url}/api`, token: parts.token, workspaceId: WORKSPACE });
  });
  after(async () => {
    await context.close().catch(() => undefined);
    await Promise.all([parts.proxy.close(), parts.site.close()]);
    await parts.service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the browser really picked the Hindi catalogue', async () => {
    const page = await open('options.html', 1000);
    assert.match(await page.evaluate(() => document.documentElement.lang), /^hi/);
    // The language alone is not the catalogue: a browser in a language without one gets English.
    await page.getByRole('heading', { name: hi.connectionHeading?.message ?? '' }).waitFor();
    await page.close();
  });

  it('popup: a new short link, in Hindi, nothing overflowing', async () => {
    const target = `${parts.site.url}/hindi-article`;
    const page = await open(`popup.html?url=${encodeURIComponent(target)}`, 800);
    await page.locator('#short-link').waitFor();
    // The recent list, in the same document, headed in Hindi. The workspace's one link is the card's, not
    // repeated under it: the list says, in Hindi, that there is no other yet.
    await page.getByRole('heading', { name: hi.recentLinks?.message ?? '' }).waitFor();
    await page.getByText(hi.recentNoOthers?.message ?? '').waitFor();
    const text = await readPage(page);
    assert.deepEqual(englishShown(text), []);
    assert.deepEqual(text.overflowing, []);
    const list = (await (await fetch(`${parts.service.url}/api/link?workspaceId=${WORKSPACE}`, { headers: { authorization: `Bearer ${parts.token}` } })).json()) as {
      data: { list: { _id: string; longUrl: string; shortUrl: string }[] };
    };
    const link = list.data.list.find((l) => l.longUrl === target);
    assert.ok(link);
    linkId = link._id;
    for (const state of ['Karnataka', 'Kerala', 'Goa', 'Bihar']) {
      const res: Response = await fetch(link.shortUrl, { redirect: 'manual', headers: { 'user-agent': PERSON_UA, [GEO_HEADERS.country]: 'India', [GEO_HEADERS.state]: state } });
      assert.equal(res.status, 302);
    }
    // A chat's preview too: not a click, but the side panel says it left one out.
    assert.equal((await fetch(link.shortUrl, { redirect: 'manual', headers: { 'user-agent': PREVIEW_BOT_UAS[0] } })).status, 302);
    await page.close();
  });

  it('options: connection tested, a waiting link listed, in Hindi, nothing overflowing', async () => {
    // One link waits in the queue, so the list's wording (age, attempts, next try) shows too.
    parts.proxy.setDown(true);
    const popup = await open(`popup.html?url=${encodeURIComponent(`${parts.site.url}/hindi-queued`)}`, 800);
    await popup.getByText(hi.popupUnreachableDetail?.message ?? '').waitFor();
    await assertHindi(popup, 'the service-down banner');
    await popup.close();
    const page = await open('options.html#queue', 1000);
    await page.locator('section[aria-labelledby="queue-heading"] li').first().waitFor();
    parts.proxy.setDown(false);
    const queue = await readPage(page);
    assert.deepEqual(englishShown(queue), []);
    assert.deepEqual(queue.overflowing, []);
    assert.match(queue.body, /बार कोशिश हुई/);
    await page.locator('nav a[href="#connection"]').click();
    await page.getByRole('button', { name: hi.testConnection?.message ?? '' }).click();
    await page.getByText(/जुड़ गया/).waitFor();
    const text = await readPage(page);
    assert.deepEqual(englishShown(text), []);
    assert.deepEqual(text.overflowing, []);
    await page.close();
  });

  it('side panel: a link\'s analytics in Hindi, at a side panel\'s width, nothing overflowing', async () => {
    const page = await open(`sidepanel.html?linkId=${encodeURIComponent(linkId)}`, 360);
    const total = page.locator('[data-block="scoreCard"] [data-figure="analyticsTotalClicks"] dd');
    await eventually(async () => {
      if ((await total.textContent()) === '4') return true;
      await page.getByRole('button', { name: hi.sidepanelRefresh?.message ?? '' }).click();
      return undefined;
    }, 'four clicks on the score card', 20_000);
    // The preview left out, said under the total in Hindi (singular).
    const botNote = (hi.sidepanelBotVisitsOne?.message ?? '').replace('$1', '1');
    await eventually(async () => {
      if ((await page.getByText(botNote, { exact: true }).count()) === 1) return true;
      await page.getByRole('button', { name: hi.sidepanelRefresh?.message ?? '' }).click();
      return undefined;
    }, 'the visit by a preview said', 20_000);
    // The states' tab, and its data table from the card's menu.
    await page.locator('[role="tab"][data-tab="topStates"]').click();
    const card = page.locator('section.block-card').filter({ has: page.locator('[data-block="topStates"]') });
    await card.getByRole('button', { name: message('sidepanelBlockMenu').replace('$1', message('sidepanelLocations')) }).click();
    await page.getByRole('menuitem', { name: message('sidepanelShowTable') }).click();
    await page.locator('[data-block="topStates"] table').waitFor();
    // The advanced analytics open too, so their words are checked (their code may still be on its way).
    await page.locator('details.more-analytics summary').click();
    await page.locator('details.more-analytics section.block-card').nth(3).waitFor();
    const text = await readPage(page);
    assert.deepEqual(englishShown(text), []);
    assert.deepEqual(text.overflowing, []);
    // No label in Latin letters only: every visible text has Devanagari, or is a number, a clock time, an
    // address, or a name that is data (the link's page, the places the clicks came from) or a proper noun.
    const data = ['Karnataka', 'Kerala', 'Goa', 'Bihar', 'Shortlink', 'UPI', 'CSV', 'JSON'];
    const latinOnly = (await visibleTexts(page)).filter(
      (piece) =>
        !/[\u0900-\u097F]/.test(piece) &&
        !/^[\d\s.,:%+\-–—·()/]+$/.test(piece) &&
        !/^(https?:\/\/)?[\w.-]+(:\d+)?(\/[\w./?=&%-]*)?$/.test(piece) &&
        !piece.split(/,\s*/).every((name) => data.includes(name)) &&
        !/^Demo /.test(piece),
    );
    assert.deepEqual(latinOnly, []);
    // The four advanced cards, each with its own heading.
    const advanced = await page.locator('details.more-analytics section.block-card h2').allTextContents();
    assert.equal(new Set(advanced).size, 4, JSON.stringify(advanced));
    await page.close();

    const picker = await open('sidepanel.html', 360);
    await picker.getByRole('heading', { name: hi.sidepanelHeading?.message ?? '' }).waitFor();
    const pickerText = await readPage(picker);
    assert.deepEqual(englishShown(pickerText), []);
    assert.deepEqual(pickerText.overflowing, []);
    await picker.close();
  });

  /** Reads the page and asserts it shows no English message and nothing overflowing; `what` names the state in a failure. */
  async function assertHindi(page: Page, what: string): Promise<PageText> {
    const text = await readPage(page);
    assert.deepEqual(englishShown(text), [], `English in ${what}`);
    assert.deepEqual(text.overflowing, [], `overflow in ${what}`);
    return text;
  }

  function message(key: string): string {
    const text = hi[key]?.message;
    assert.ok(text !== undefined, `hi has ${key}`);
    return text;
  }

  it('options: every section, custom domains with their DNS records, tags and profiles, in Hindi, nothing overflowing', async () => {
    const page = await open('options.html', 1000);
    for (const section of ['connection', 'shortening', 'appearance', 'domains', 'tags', 'rules', 'watch', 'queue', 'file']) {
      await page.locator(`nav a[href="#${section}"]`).click();
      await page.locator(`#${section}-heading`).waitFor();
      await assertHindi(page, `the ${section} section`);
    }
    await page.locator('nav a[href="#domains"]').click();
    await page.getByText(message('domainsEmpty')).waitFor();
    // A domain connected here is not set up yet (no DNS proof): its checklist, its next step and the records table to publish.
    await page.getByLabel(message('domainsConnectLabel')).fill('go.hindi-example.com');
    await page.getByRole('button', { name: message('domainsConnect'), exact: true }).click();
    await page.locator('table').filter({ hasText: message('domainsRecordType') }).first().waitFor();
    await assertHindi(page, 'custom domains');
    // A tag with a long Hindi name beside the workspace's others.
    await page.locator('nav a[href="#tags"]').click();
    await page.locator('#options-new-tag').fill('त्योहारों-का-विशेष-अभियान');
    await page.getByRole('button', { name: message('tagsCreate') }).click();
    await page.getByText(message('tagsCreated').replace('$1', 'त्योहारों-का-विशेष-अभियान')).waitFor();
    await assertHindi(page, 'tags');
    // The delete confirmation of the only profile.
    await page.locator('nav a[href="#connection"]').click();
    await page.locator('.profile-list button', { hasText: message('profilesDelete') }).first().click();
    await page.getByRole('button', { name: message('profilesCancel') }).waitFor();
    await assertHindi(page, 'the profile delete confirmation');
    await page.close();

    // The options page in a narrow window: the nav and the sections wrap, nothing runs out of its box.
    const narrow = await open('options.html#domains', 420);
    await narrow.getByRole('heading', { name: message('domainsHeading'), exact: true }).waitFor();
    await narrow.getByText('go.hindi-example.com').first().waitFor();
    // The records to publish, opened: long TXT values in a table at this width.
    await narrow.getByText(message('domainsRecordToPublish'), { exact: true }).click();
    await narrow.locator('table').filter({ hasText: message('domainsRecordType') }).first().waitFor();
    await assertHindi(narrow, 'options at 420 px');
    await narrow.close();
  });

  it('the first run, in Hindi, nothing overflowing, Latin drawn by a Latin face and Devanagari by one with a bold', async () => {
    // Connected already (before this suite's first test): the welcome page says so, and what to do next.
    const page = await open('welcome.html', 420);
    await page.getByRole('heading', { name: message('firstRunDoneTitle') }).waitFor();
    await assertHindi(page, 'the welcome page');

    // The faces that really draw the text (Chromium's own answer): Latin by a Latin face, so the heading's
    // "Shortlink" keeps its weight, and Devanagari by a face that has a bold, not by one regular face for both.
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', {});
    const fontsOf = async (selector: string) => {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
    };
    const isDevanagari = (family: string) => /devanagari|lohit/i.test(family);
    assert.ok(Number(await page.locator('h1').evaluate((h) => getComputedStyle(h).fontWeight)) >= 600, 'the heading is bold');
    const heading = await fontsOf('h1');
    assert.ok(heading.some((f) => !isDevanagari(f.familyName)), `"Shortlink" drawn by a Latin face: ${JSON.stringify(heading)}`);
    const deva = heading.filter((f) => isDevanagari(f.familyName));
    assert.ok(deva.length > 0 && deva.every((f) => /bold/i.test(f.postScriptName)), `Devanagari drawn by a bold face: ${JSON.stringify(heading)}`);
    // A key combination: Latin keys, drawn by a Latin face, on one line.
    const key = await fontsOf('kbd kbd');
    assert.ok(key.length > 0 && key.every((f) => !isDevanagari(f.familyName)), `a key drawn by a Latin face: ${JSON.stringify(key)}`);
    assert.equal(await page.locator('kbd.key-combo').first().evaluate((combo) => combo.getClientRects().length), 1);
    await cdp.detach();
    await page.close();
  });

  it('the clipboard permission page of "Paste as short link", at a narrow window, in Hindi, nothing overflowing', async () => {
    const page = await open('paste-access.html', 360);
    await page.getByRole('heading', { name: message('pasteAccessTitle') }).waitFor();
    await page.getByRole('button', { name: message('pasteAccessAllow') }).waitFor();
    await page.locator('kbd.key-combo').waitFor();
    await assertHindi(page, 'the clipboard permission page');
    await page.close();
  });

  it('popup: the customise panel open, then the QR designer, in Hindi, nothing overflowing', async () => {
    const page = await open(`popup.html?url=${encodeURIComponent(`${parts.site.url}/hindi-customise`)}`, 800);
    await page.locator('#short-link').waitFor();
    await page.getByRole('button', { name: message('customise'), exact: true }).click();
    await page.getByText(message('tagsKeywordOptional')).waitFor();
    await assertHindi(page, 'the customise panel');
    await page.getByRole('button', { name: message('qrShow'), exact: true }).click();
    await page.getByRole('button', { name: message('qrDownloadPng') }).waitFor();
    await assertHindi(page, 'the QR code');
    await page.getByRole('button', { name: message('qrDesignToggle') }).click();
    await page.getByText(message('qrLogoPick')).waitFor();
    await assertHindi(page, 'the QR designer');
    await page.close();
  });

  it('recent links and the profile switcher, at the popup\'s width, in Hindi, nothing overflowing', async () => {
    const recent = await open(`popup.html?url=${encodeURIComponent(`${parts.site.url}/hindi-article`)}`, 360);
    await recent.locator('.recent-row').first().waitFor();
    // The rows show first from this browser's memory; their click counts arrive with the service's page of links.
    const clicks = new RegExp(`\\d+ ${message('recentClicks').replace('$1 ', '')}`);
    await recent.getByText(clicks).first().waitFor();
    const text = await assertHindi(recent, 'recent links');
    assert.match(text.body, clicks);
    // A row's menu, its tag editor and its delete question.
    const row = recent.locator('.recent-row').first();
    const menu = row.getByRole('button', { name: new RegExp(`${message('recentActionsFor').replace('$1', '.*')}`) });
    await menu.click();
    await assertHindi(recent, "a recent row's menu");
    await recent.getByRole('menuitem', { name: message('recentEditTags') }).click();
    await row.locator('button', { hasText: message('recentSaveTags') }).waitFor();
    await assertHindi(recent, "a recent row's tag editor");
    await row.locator('button', { hasText: message('recentCancel') }).click();
    await menu.click();
    await recent.getByRole('menuitem', { name: message('recentDelete'), exact: true }).click();
    await row.locator('button', { hasText: message('recentDeleteConfirm') }).waitFor();
    await assertHindi(recent, "a recent row's delete question");
    await recent.close();

    // A second profile: the header names the active one and offers the other in its menu.
    await worker.evaluate(async () => {
      const chrome = (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<Record<string, { profiles: { id: string; name: string }[] }>>; set(v: object): Promise<void> } } } }).chrome;
      const { connection } = await chrome.storage.local.get('connection');
      const first = connection!.profiles[0]!;
      await chrome.storage.local.set({ connection: { ...connection, profiles: [first, { ...first, id: 'profile-2', name: 'दूसरा कार्यक्षेत्र' }] } });
    });
    const switcher = await open(`popup.html?url=${encodeURIComponent(`${parts.site.url}/hindi-article`)}`, 360);
    await switcher.locator('#short-link').waitFor();
    await switcher.getByRole('button', { name: WORKSPACE, exact: true }).click();
    await switcher.getByRole('menuitemradio', { name: 'दूसरा कार्यक्षेत्र' }).waitFor();
    await assertHindi(switcher, 'the profile switcher');
    await switcher.close();
  });
});
