/**
 * "Paste as short link" and "Shorten the links in this text box" in Firefox
 * (Debian's firefox-esr over WebDriver BiDi, .output/firefox-mv3) against the
 * real service, on the editor page (./pages/editor-page.ts). The field is
 * right-clicked in the page and the item chosen in the browser's own context
 * menu; the shortcut is the browser's own key; the clipboard is the
 * browser's (./firefox-harness.ts, inBrowserWindow). The clipboard
 * permission is asked for by the extension's page at the first paste, and
 * granted by its Allow (the pref that skips the prompt stands for the user's
 * "Allow").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'puppeteer-core';
import { eventually, useHarness } from './fixture';
import {
  chooseMenuItem,
  clickButton,
  clipboardText,
  connectInOptions,
  copyToClipboard,
  inBrowserWindow,
  pressExtensionKey,
  startFirefoxHarness,
  waitForText,
  type FirefoxHarness,
} from './firefox-harness';
import { EDITOR_PATH } from './pages/editor-page';

interface Shown {
  id: string;
  title: string;
  message: string;
}

/** The extension's `browser` global in its pages, as the functions evaluated there use it. */
interface WithBrowser {
  browser: { runtime: { getBackgroundPage(): Promise<{ browser: { notifications: { create(id: string, options: { title: string; message: string }): Promise<string> } } }> } };
  shownForTest?: Shown[];
}

type FieldId = 'subject' | 'message' | 'reference' | 'guarded';

/** Right-clicks the element as a user opens its menu, in the tab in front, with no menu left open. */
async function rightClick(h: FirefoxHarness, page: Page, selector: string): Promise<void> {
  await page.bringToFront();
  await inBrowserWindow(h, `document.getElementById('contentAreaContextMenu').hidePopup()`);
  await page.click(selector, { button: 'right' });
}

/** Sets a field's text, right-clicks it, and puts the caret at `caret` (the end when absent). */
async function fill(h: FirefoxHarness, page: Page, id: FieldId, text: string, caret?: number): Promise<void> {
  await page.evaluate((i: string, value: string) => {
    (document.getElementById(i) as HTMLInputElement).value = value;
  }, id, text);
  await rightClick(h, page, `#${id}`);
  await page.evaluate((i: string, at: number | null) => {
    const el = document.getElementById(i) as HTMLInputElement;
    const to = at ?? el.value.length;
    el.setSelectionRange(to, to);
  }, id, caret ?? null);
}

async function fillRich(h: FirefoxHarness, page: Page, html: string): Promise<void> {
  await page.evaluate((markup: string) => {
    const doc = new DOMParser().parseFromString(markup, 'text/html');
    document.getElementById('editor')!.replaceChildren(...Array.from(doc.body.childNodes));
  }, html);
  await rightClick(h, page, '#editor');
}

const value = (page: Page, id: FieldId) => page.evaluate((i: string) => (document.getElementById(i) as HTMLInputElement).value, id);
const richHtml = (page: Page) => page.evaluate(() => document.getElementById('editor')!.innerHTML);
const undo = (page: Page) => page.evaluate(() => document.execCommand('undo'));

describe('Firefox: paste as short link, and the links of a text box', () => {
  const h = useHarness(() => startFirefoxHarness());
  let editor: Page;
  let watcher: Page;

  async function onService(longUrl: string): Promise<{ shortUrl: string; longUrl: string }> {
    return eventually(async () => (await h.listLinks()).find((l) => l.longUrl === longUrl), `${longUrl} on the service`);
  }

  /** The notifications the background made since the last call (headless Firefox closes them at once: a page of ours records them). */
  async function shown(): Promise<Shown[]> {
    return watcher.evaluate(() => {
      const g = globalThis as unknown as WithBrowser;
      const all = [...(g.shownForTest ?? [])];
      g.shownForTest = [];
      return all;
    });
  }

  async function notified(prefix: 'paste' | 'field'): Promise<Shown> {
    const ours = await eventually(async () => {
      const list = (await shown()).filter((n) => n.id.startsWith(`shortlink-${prefix}-`));
      return list.length > 0 ? list : undefined;
    }, 'a notification');
    assert.equal(ours.length, 1, JSON.stringify(ours));
    return ours[0]!;
  }

  async function pageTitled(harness: FirefoxHarness, title: string): Promise<Page> {
    return eventually(async () => {
      for (const page of await harness.firefox.browser.pages()) {
        if ((await page.evaluate(() => document.title).catch(() => '')) === title) return page;
      }
      return undefined;
    }, `the page "${title}"`);
  }

  it('connects, and the first paste opens the page that asks for the clipboard; Allow grants it', async () => {
    const options = await connectInOptions(h);
    await options.close();

    watcher = await h.openPage('options.html');
    await watcher.evaluate(async () => {
      const g = globalThis as unknown as WithBrowser;
      g.shownForTest = [];
      const bg = await g.browser.runtime.getBackgroundPage();
      const create = bg.browser.notifications.create.bind(bg.browser.notifications);
      bg.browser.notifications.create = (id, options) => {
        g.shownForTest?.push({ id, title: options.title, message: options.message });
        return create(id, options);
      };
    });

    editor = await h.firefox.browser.newPage();
    await editor.goto(`${h.site.url}${EDITOR_PATH}`);
    await copyToClipboard(h, `${h.site.url}/firefox-pasted`);
    await fill(h, editor, 'subject', 'Read: ');
    await chooseMenuItem(h, 'Paste as short link');
    const access = await pageTitled(h, 'Paste short links from the clipboard');
    await waitForText(access, 'To paste a short link, Shortlink reads the clipboard only when you ask it to.');
    await clickButton(access, 'Allow reading the clipboard');
    await waitForText(access, 'Allowed. Go back to your page and paste again');
    await access.close();
    assert.equal(await value(editor, 'subject'), 'Read: ', 'nothing pasted before it was allowed');
    assert.deepEqual(await h.listLinks(), [], 'nothing sent');
  });

  it('pastes at the caret of an input (menu) and a rich editor (shortcut); Undo takes each back', async () => {
    const url = `${h.site.url}/firefox-pasted`;
    await fill(h, editor, 'subject', 'Read: ');
    await chooseMenuItem(h, 'Paste as short link');
    const link = await onService(url);
    await eventually(async () => ((await value(editor, 'subject')) === `Read: ${link.shortUrl}` ? true : undefined), 'the link in the subject');
    await undo(editor);
    assert.equal(await value(editor, 'subject'), 'Read: ');

    await fillRich(h, editor, '<p>Dear team, the <b>notes</b></p>');
    await editor.evaluate(() => {
      const first = document.getElementById('editor')!.querySelector('p')!.firstChild as Text;
      const range = document.createRange();
      range.setStart(first, first.data.length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
    });
    await pressExtensionKey(h, 'V', 'alt,shift');
    await eventually(async () => ((await richHtml(editor)).includes(link.shortUrl) ? true : undefined), 'the link in the rich editor');
    assert.equal(await richHtml(editor), `<p>Dear team, the ${link.shortUrl}<b>notes</b></p>`);
    await undo(editor);
    assert.equal(await richHtml(editor), '<p>Dear team, the <b>notes</b></p>');
    assert.equal((await h.listLinks()).filter((l) => l.longUrl === url).length, 1);
  });

  it('text that is not an address is refused in words; a read-only field is left alone and the link copied', async () => {
    await copyToClipboard(h, 'see the article below');
    await fill(h, editor, 'message', 'Note: ');
    await shown();
    await chooseMenuItem(h, 'Paste as short link');
    const refused = await notified('paste');
    assert.equal(refused.title, 'Nothing pasted');
    assert.equal(refused.message, 'The clipboard holds no web address. Copy one address starting with http:// or https://, then paste again.');
    assert.equal(await value(editor, 'message'), 'Note: ');

    const url = `${h.site.url}/firefox-read-only`;
    await copyToClipboard(h, url);
    // A read-only field has no "editable" menu (the browser shows none there): its shortcut, with the field focused.
    await editor.bringToFront();
    await editor.focus('#reference');
    await pressExtensionKey(h, 'V', 'alt,shift');
    const copied = await notified('paste');
    const link = await onService(url);
    assert.equal(copied.title, 'Short link copied, not pasted');
    assert.equal(copied.message, `This field can't be changed. ${link.shortUrl} → ${url} (copied to the clipboard) Paste it where you want it.`);
    assert.equal(await value(editor, 'reference'), 'REF-2026');
    assert.equal(await clipboardText(h), link.shortUrl);
  });

  it('a field in a frame of another site, which the extension may not script: left alone, the link copied', async () => {
    const url = `${h.site.url}/firefox-in-frame`;
    await copyToClipboard(h, url);
    const frame = editor.frames().find((f) => f.url().endsWith('/editor-frame'));
    assert.ok(frame, 'the frame of the other site');
    await editor.bringToFront();
    await inBrowserWindow(h, `document.getElementById('contentAreaContextMenu').hidePopup()`);
    await frame.click('#comment', { button: 'right' });
    await shown();
    await chooseMenuItem(h, 'Paste as short link');
    const copied = await notified('paste');
    const link = await onService(url);
    assert.equal(copied.message, `Shortlink can't write in this part of the page. ${link.shortUrl} → ${url} (copied to the clipboard) Paste it where you want it.`);
    assert.equal(await frame.evaluate(() => (document.getElementById('comment') as HTMLTextAreaElement).value), '');
    assert.equal(await clipboardText(h), link.shortUrl);
  });

  it('offline, nothing is inserted; the link is made once and copied when the service is back', async () => {
    const url = `${h.site.url}/firefox-offline`;
    await copyToClipboard(h, url);
    await fill(h, editor, 'subject', 'Later: ');
    h.proxy.setDown(true);
    await chooseMenuItem(h, 'Paste as short link');
    const queued = await notified('paste');
    assert.equal(queued.title, 'Link saved for later');
    assert.equal(await value(editor, 'subject'), 'Later: ');
    h.proxy.setDown(false);
    // Opening a page of ours sends what waits.
    const options = await h.openPage('options.html');
    const link = await onService(url);
    await eventually(async () => ((await clipboardText(h)) === link.shortUrl ? true : undefined), 'the link copied once made');
    assert.equal((await h.listLinks()).filter((l) => l.longUrl === url).length, 1);
    assert.equal(await value(editor, 'subject'), 'Later: ');
    await options.close();
  });

  it('replaces the links of a textarea and of a rich editor in one undoable edit each, markup kept', async () => {
    const [a, b, c] = ['firefox-field-one', 'firefox-field-two', 'firefox-field-three'].map((name) => `${h.site.url}/${name}`);
    const text = `Hi all,\nthe agenda (${a}) and the notes: ${b}.\nSlides: ${c}\n`;
    await fill(h, editor, 'message', text, 0);
    await shown();
    await chooseMenuItem(h, 'Shorten the links in this text box');
    const done = await notified('field');
    const [sa, sb, sc] = await Promise.all([a!, b!, c!].map(async (u) => (await onService(u)).shortUrl));
    assert.equal(done.message, '3 links replaced.');
    assert.equal(await value(editor, 'message'), `Hi all,\nthe agenda (${sa}) and the notes: ${sb}.\nSlides: ${sc}\n`);
    await undo(editor);
    assert.equal(await value(editor, 'message'), text);

    const html = `<p>Our <b>notes</b>: <a href="${a}">${a}</a> and <i>${b}</i>.</p><p>Also ${c}, thanks.</p>`;
    await fillRich(h, editor, html);
    await chooseMenuItem(h, 'Shorten the links in this text box');
    assert.equal((await notified('field')).message, '3 links replaced.');
    assert.equal(await richHtml(editor), `<p>Our <b>notes</b>: <a href="${sa}">${sa}</a> and <i>${sb}</i>.</p><p>Also ${sc}, thanks.</p>`);
    await undo(editor);
    assert.equal(await richHtml(editor), html);
    assert.equal((await h.listLinks()).filter((l) => [a, b, c].includes(l.longUrl)).length, 3, 'each made once');
    await Promise.all([editor.close(), watcher.close()]);
  });
});
