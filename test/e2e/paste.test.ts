/**
 * "Paste as short link" and "Shorten the links in this text box" in Chromium
 * against the real service, on a page with an input, a textarea, a read-only
 * field, a field whose page refuses input, and a rich editor
 * (./pages/editor-page.ts). The menu's click and the shortcut are fired in the
 * service worker (native menus and keys cannot be pressed in a test); the
 * field is read and written in the page by the extension, and the page's own
 * Undo is checked to take the edit back in one step.
 *
 * Headless Chromium cannot answer a permission prompt: the main suite's copy
 * of the build has clipboardRead granted, as after the user's "Allow"; the
 * last suite has it not granted, and the first paste opens the page that asks.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page, Worker } from 'playwright-core';
import { axeViolations, eventually, useExtension } from './fixture';
import { EditorPage } from './pages/editor-page';

interface Shown {
  id: string;
  title: string;
  message: string;
}

interface ChromeInWorker {
  chrome: {
    tabs: { query(q: Record<string, unknown>): Promise<{ id?: number; url?: string }[]> };
    contextMenus: { onClicked: { dispatch(info: Record<string, unknown>, tab?: Record<string, unknown>): void } };
    commands: { onCommand: { dispatch(command: string, tab?: Record<string, unknown>): void } };
    notifications: { create(id: string, options: { title: string; message: string }, cb?: () => void): unknown };
  };
  pasteShown?: Shown[];
}

function grantClipboardRead(extensionDir: string): void {
  const path = join(extensionDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  manifest.permissions.push('clipboardRead');
  manifest.optional_permissions = (manifest.optional_permissions ?? []).filter((p) => p !== 'clipboardRead');
  writeFileSync(path, JSON.stringify(manifest));
}

/** Records the notifications the worker asks for, then fires the menu's click or the shortcut in the same turn. */
async function fire(worker: Worker, what: { menu?: Record<string, unknown>; command?: string; tab: Record<string, unknown> }): Promise<void> {
  await worker.evaluate((f) => {
    const g = globalThis as unknown as ChromeInWorker;
    if (g.pasteShown === undefined) {
      g.pasteShown = [];
      const create = g.chrome.notifications.create.bind(g.chrome.notifications);
      g.chrome.notifications.create = (id, options, cb) => {
        g.pasteShown?.push({ id, title: options.title, message: options.message });
        return create(id, options, cb);
      };
    }
    g.pasteShown.length = 0;
    if (f.menu !== undefined) g.chrome.contextMenus.onClicked.dispatch({ editable: true, frameId: 0, ...f.menu }, f.tab);
    if (f.command !== undefined) g.chrome.commands.onCommand.dispatch(f.command, f.tab);
  }, what);
}

/** The notification of this paste or text box (a queued link of an earlier test finishing says so under its own id). */
async function notified(worker: Worker, prefix: 'paste' | 'field'): Promise<Shown> {
  let all: Shown[] = [];
  const shown = await eventually(async () => {
    all = await worker.evaluate(() => (globalThis as unknown as ChromeInWorker).pasteShown ?? []);
    const ours = all.filter((n) => n.id.startsWith(`shortlink-${prefix}-`));
    return ours.length > 0 ? ours : undefined;
  }, 'a notification').catch((error: unknown) => {
    throw new Error(`${String(error)}; shown: ${JSON.stringify(all)}`);
  });
  assert.equal(shown.length, 1, `one notification: ${JSON.stringify(shown)}`);
  return shown[0]!;
}

async function nothingNotified(worker: Worker): Promise<void> {
  const all = await worker.evaluate(() => (globalThis as unknown as ChromeInWorker).pasteShown ?? []);
  assert.deepEqual(all.filter((n) => /^shortlink-(paste|field)-/.test(n.id)), []);
}

async function tabOf(worker: Worker, url: string): Promise<number> {
  const id = await worker.evaluate(async (u) => (await (globalThis as unknown as ChromeInWorker).chrome.tabs.query({ url: u })).at(0)?.id, url);
  assert.ok(id !== undefined, `a tab at ${url}`);
  return id;
}

/** Copies `text` as the user would before pasting (the clipboard the browser and the extension share). */
async function copy(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
}

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('paste as short link, and the links of a text box', () => {
  const h = useExtension({ clipboard: true, connect: true, prepareExtension: grantClipboardRead });

  async function onService(longUrl: string): Promise<{ shortUrl: string; longUrl: string }> {
    return eventually(async () => (await h.listLinks()).list.find((l) => l.longUrl === longUrl), `${longUrl} on the service`);
  }

  async function openEditor(): Promise<{ editor: EditorPage; worker: Worker; tab: Record<string, unknown> }> {
    const page = await h.context.newPage();
    const editor = await EditorPage.open(page, h.site.url);
    const worker = await h.worker();
    return { editor, worker, tab: { id: await tabOf(worker, page.url()), url: page.url() } };
  }

  const pasteMenu = (pageUrl: string) => ({ menuItemId: 'shortlink-paste-short-link', pageUrl });
  const fieldMenu = (pageUrl: string) => ({ menuItemId: 'shortlink-field-links', pageUrl });

  it('pastes the copied address as its short link at the caret of an input, a textarea and a rich editor; Undo takes each back', async () => {
    const { editor, worker, tab } = await openEditor();
    const url = `${h.site.url}/pasted-article?fbclid=IwAR0abc`;
    await copy(editor.page, url);
    await editor.fill('Subject', 'Read this: ');
    await fire(worker, { menu: pasteMenu(String(tab.url)), tab });
    // Cleaned as the profile says (the tracker removed) before it was made.
    const link = await onService(`${h.site.url}/pasted-article`);
    await eventually(async () => ((await editor.value('Subject')) === `Read this: ${link.shortUrl}` ? true : undefined), 'the link in the subject');
    await editor.undo();
    assert.equal(await editor.value('Subject'), 'Read this: ');
    await nothingNotified(worker);

    // In the middle of a textarea's text, through the shortcut: the same link, not a second one.
    await editor.fill('Message', 'See  for the details.', 4);
    await fire(worker, { command: 'paste-short-link', tab });
    await eventually(async () => ((await editor.value('Message')) === `See ${link.shortUrl} for the details.` ? true : undefined), 'the link in the message');
    await editor.undo();
    assert.equal(await editor.value('Message'), 'See  for the details.');

    await editor.fillRich('<p>Dear team, the <b>notes</b></p>');
    await fire(worker, { menu: pasteMenu(String(tab.url)), tab });
    await eventually(async () => ((await editor.richHtml()).includes(link.shortUrl) ? true : undefined), 'the link in the rich editor');
    assert.equal(await editor.richHtml(), `<p>Dear team, the ${link.shortUrl}<b>notes</b></p>`);
    await editor.undo();
    assert.equal(await editor.richHtml(), '<p>Dear team, the <b>notes</b></p>');
    assert.equal((await h.listLinks()).list.filter((l) => l.longUrl === link.longUrl).length, 1, 'one link for the three pastes');
    await editor.page.close();
  });

  it('a clipboard that is not one address, or is megabytes long, is refused in words; nothing is sent or inserted', async () => {
    const { editor, worker, tab } = await openEditor();
    const cases: [string, string][] = [
      ['see the article below', 'The clipboard holds no web address.'],
      [`${h.site.url}/a ${h.site.url}/b`, 'The clipboard holds more than one web address.'],
      [`Read ${h.site.url}/c today`, 'The clipboard holds text around the web address.'],
      ['javascript:alert(1)', "This link can't be shortened: only http and https links can be shortened."],
      [`${h.site.url}/${'x'.repeat(3 * 1024 * 1024)}`, 'The clipboard holds more than 65,536 characters'],
    ];
    for (const [copied, words] of cases) {
      await copy(editor.page, copied);
      await editor.fill('Subject', 'Subject: ');
      h.resetRequests();
      await fire(worker, { menu: pasteMenu(String(tab.url)), tab });
      const shown = await notified(worker, 'paste');
      assert.equal(shown.title, 'Nothing pasted');
      assert.ok(shown.message.startsWith(words), shown.message);
      assert.equal(await editor.value('Subject'), 'Subject: ');
      assert.deepEqual(h.requestPaths(), [], 'nothing sent');
    }
    await editor.page.close();
  });

  it('a read-only field and a page that cancels the input are left as they were; the link is copied and the notification says why', async () => {
    const { editor, worker, tab } = await openEditor();
    const url = `${h.site.url}/pasted-refused`;
    // A read-only field has no "editable" menu (the browsers show none there): its shortcut, with the field focused.
    for (const [label, why, via] of [
      ['Reference', "This field can't be changed.", { command: 'paste-short-link', tab }],
      ['Guarded note', "This page didn't let Shortlink write in the field.", { menu: pasteMenu(String(tab.url)), tab }],
    ] as const) {
      await copy(editor.page, url);
      const before = await editor.value(label);
      await editor.field(label).click({ button: 'right' });
      await fire(worker, via);
      const shown = await notified(worker, 'paste');
      const link = await onService(url);
      assert.equal(shown.title, 'Short link copied, not pasted', shown.message);
      assert.equal(shown.message, `${why} ${link.shortUrl} → ${url} (copied to the clipboard) Paste it where you want it.`);
      assert.equal(await editor.value(label), before);
      assert.equal(await clipboard(editor.page), link.shortUrl);
    }
    await editor.page.close();
  });

  it('a field in a frame of another site, which the extension may not script: left alone, the link copied', async () => {
    const { editor, worker, tab } = await openEditor();
    const url = `${h.site.url}/pasted-in-frame`;
    await copy(editor.page, url);
    const comment = editor.page.frameLocator('#other-site').getByLabel('Comment');
    await comment.click();
    await fire(worker, { command: 'paste-short-link', tab });
    const shown = await notified(worker, 'paste');
    const link = await onService(url);
    assert.equal(shown.message, `Shortlink can't write in this part of the page. ${link.shortUrl} → ${url} (copied to the clipboard) Paste it where you want it.`);
    assert.equal(await comment.inputValue(), '');
    assert.equal(await clipboard(editor.page), link.shortUrl);
    await editor.page.close();
  });

  it('offline, nothing is inserted; the link waits, and is made once and copied when the service is back', async () => {
    const { editor, worker, tab } = await openEditor();
    const url = `${h.site.url}/pasted-offline`;
    await copy(editor.page, url);
    await editor.fill('Subject', 'Later: ');
    h.setServiceDown(true);
    await fire(worker, { menu: pasteMenu(String(tab.url)), tab });
    const shown = await notified(worker, 'paste');
    assert.equal(shown.title, 'Link saved for later');
    assert.equal(shown.message, `Nothing was pasted: ${url} will be shortened when your service is back, and its short link copied then. Settings lists what is waiting.`);
    assert.equal(await editor.value('Subject'), 'Later: ');
    h.setServiceDown(false);
    // Opening a page of ours sends what waits (lib/background/queue/queue-wiring.ts).
    const options = await h.openPage('options.html');
    const link = await onService(url);
    await eventually(async () => ((await clipboard(editor.page)) === link.shortUrl ? true : undefined), 'the link copied once made');
    assert.equal((await h.listLinks()).list.filter((l) => l.longUrl === url).length, 1);
    assert.equal(await editor.value('Subject'), 'Later: ');
    await Promise.all([options.close(), editor.page.close()]);
  });

  it('replaces the three links of a textarea\'s prose with their short links in one undoable edit', async () => {
    const { editor, worker, tab } = await openEditor();
    const [a, b, c] = ['field-one', 'field-two', 'field-three'].map((name) => `${h.site.url}/${name}`);
    const text = `Hi all,\nthe agenda (${a}) and the notes: ${b}.\nSlides: <${c}>, and ${a} again. Not this: javascript:void(0)\n`;
    await editor.fill('Message', text, 0);
    await fire(worker, { menu: fieldMenu(String(tab.url)), tab });
    const shown = await notified(worker, 'field');
    const [sa, sb, sc] = await Promise.all([a!, b!, c!].map(async (u) => (await onService(u)).shortUrl));
    assert.equal(await editor.value('Message'), `Hi all,\nthe agenda (${sa}) and the notes: ${sb}.\nSlides: <${sc}>, and ${sa} again. Not this: javascript:void(0)\n`);
    assert.equal(shown.title, 'Links in the text box shortened');
    assert.equal(shown.message, "4 links replaced, 1 can't be shortened.");
    await editor.undo();
    assert.equal(await editor.value('Message'), text, 'one Undo brings the text back');
    await editor.page.close();
  });

  it('replaces the links of a rich editor inside its markup: paragraphs, emphasis and the link\'s anchor kept, one Undo restores it', async () => {
    const { editor, worker, tab } = await openEditor();
    const [a, b, c] = ['rich-one', 'rich-two', 'rich-three'].map((name) => `${h.site.url}/${name}`);
    const html = `<p>Our <b>notes</b>: <a href="${a}">${a}</a> and <i>${b}</i>.</p><p>Also ${c}, thanks.</p>`;
    await editor.fillRich(html);
    await fire(worker, { menu: fieldMenu(String(tab.url)), tab });
    const shown = await notified(worker, 'field');
    const [sa, sb, sc] = await Promise.all([a!, b!, c!].map(async (u) => (await onService(u)).shortUrl));
    assert.equal(await editor.richHtml(), `<p>Our <b>notes</b>: <a href="${sa}">${sa}</a> and <i>${sb}</i>.</p><p>Also ${sc}, thanks.</p>`);
    assert.equal(shown.message, '3 links replaced.');
    await editor.undo();
    assert.equal(await editor.richHtml(), html);
    await editor.page.close();
  });

  it('a text box with more than 50 addresses opens the bulk page with its text instead', async () => {
    const { editor, worker, tab } = await openEditor();
    const text = Array.from({ length: 51 }, (_, i) => `${h.site.url}/many-${i}`).join('\n');
    await editor.fill('Message', text);
    const opened = h.context.waitForEvent('page', (p) => p.url().endsWith('/bulk.html'));
    await fire(worker, { menu: fieldMenu(String(tab.url)), tab });
    const bulk = await opened;
    await eventually(async () => ((await bulk.locator('#bulk-text').inputValue()) === text ? true : undefined), 'the text on the bulk page');
    assert.equal(await editor.value('Message'), text, 'the field left as it was');
    await Promise.all([bulk.close(), editor.page.close()]);
  });
});

describe('paste as short link before the clipboard may be read', () => {
  const h = useExtension({ clipboard: true, connect: true });

  it('opens the page that says why and asks; nothing is read or sent', async () => {
    const page = await h.context.newPage();
    const editor = await EditorPage.open(page, h.site.url);
    const worker = await h.worker();
    const tab = { id: await tabOf(worker, page.url()) };
    await editor.fill('Subject', '');
    h.resetRequests();
    const opened = h.context.waitForEvent('page', (p) => p.url().endsWith('/paste-access.html'));
    await fire(worker, { menu: { menuItemId: 'shortlink-paste-short-link', pageUrl: page.url() }, tab });
    const access = await opened;
    await access.getByRole('heading', { name: 'Paste short links from the clipboard' }).waitFor();
    await access.getByText('To paste a short link, Shortlink reads the clipboard only when you ask it to.').waitFor();
    await access.getByRole('button', { name: 'Allow reading the clipboard' }).waitFor();
    // The keys as the browser has them, each its own key cap.
    assert.match(((await access.locator('main').textContent()) ?? '').replace(/\s+/g, ''), /Itskeys:Alt\+Shift\+V/);
    assert.deepEqual(await axeViolations(access), []);
    await access.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(access), [], 'dark theme');
    assert.deepEqual(h.requestPaths(), []);
    assert.equal(await editor.value('Subject'), '');
    await Promise.all([access.close(), page.close()]);
  });
});

