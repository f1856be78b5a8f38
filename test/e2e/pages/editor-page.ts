/**
 * A page where people write, served by the e2e site at `/editor`
 * (./../service-parts.ts): a subject line (input), a message (textarea), a
 * read-only reference, a field whose page cancels every `beforeinput`, a
 * rich editor (contenteditable) with paragraphs and markup, and a frame of
 * another site (localhost, not the page's 127.0.0.1) with a field of its own,
 * where the extension may not write. "Paste as short link" and "Shorten the
 * links in this text box" are driven here in both browsers; each spec sets
 * the fields' contents it starts from.
 */
import type { Page } from 'playwright-core';

export const EDITOR_PATH = '/editor';
/** The other site's page in the editor's frame. */
export const EDITOR_FRAME_PATH = '/editor-frame';

export const EDITOR_FRAME_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Comment box</title></head>
  <body><label for="comment">Comment</label> <textarea id="comment"></textarea></body>
</html>`;

export const EDITOR_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Write a message</title></head>
  <body>
    <h1>Write a message</h1>
    <p><label for="subject">Subject</label> <input id="subject" type="text" value=""></p>
    <p><label for="message">Message</label> <textarea id="message" rows="4" cols="60"></textarea></p>
    <p><label for="reference">Reference</label> <input id="reference" type="text" readonly value="REF-2026"></p>
    <p><label for="guarded">Guarded note</label> <textarea id="guarded"></textarea></p>
    <div id="editor" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Rich message"><p>Hello</p></div>
    <iframe id="other-site" title="Comments"></iframe>
    <script>
      // A page that takes no text it did not type itself.
      document.getElementById('guarded').addEventListener('beforeinput', (event) => event.preventDefault());
      // The same server under another host name: another site, to the browser.
      document.getElementById('other-site').src = location.origin.replace('127.0.0.1', 'localhost') + '${EDITOR_FRAME_PATH}';
    </script>
  </body>
</html>`;

/** The editor page in Chromium (Playwright), found as a user finds its fields: by their labels. */
export class EditorPage {
  constructor(readonly page: Page) {}

  static async open(page: Page, siteUrl: string): Promise<EditorPage> {
    await page.goto(`${siteUrl}${EDITOR_PATH}`);
    return new EditorPage(page);
  }

  field(label: 'Subject' | 'Message' | 'Reference' | 'Guarded note') {
    return this.page.getByLabel(label, { exact: true });
  }

  get rich() {
    return this.page.getByRole('textbox', { name: 'Rich message' });
  }

  /** Sets a field's text and puts the caret at `caret` (the text's end when absent), then right-clicks there as a user opens its menu. */
  async fill(label: 'Subject' | 'Message' | 'Reference' | 'Guarded note', text: string, caret?: number): Promise<void> {
    const field = this.field(label);
    await field.evaluate((el: HTMLInputElement | HTMLTextAreaElement, value) => {
      el.value = value;
    }, text);
    await field.click({ button: 'right' });
    await field.evaluate((el: HTMLInputElement | HTMLTextAreaElement, at) => {
      const to = at ?? el.value.length;
      el.setSelectionRange(to, to);
    }, caret ?? null);
  }

  /** Sets the rich editor's content (paragraphs, links, emphasis), right-clicks it, and puts the caret at the end of its first text. */
  async fillRich(html: string): Promise<void> {
    // Parsed by the page as a paste of markup would be.
    await this.rich.evaluate((el, markup) => {
      const doc = new DOMParser().parseFromString(markup, 'text/html');
      el.replaceChildren(...Array.from(doc.body.childNodes));
    }, html);
    await this.rich.click({ button: 'right' });
    await this.rich.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const first = walker.nextNode() as Text | null;
      if (first === null) return;
      const range = document.createRange();
      range.setStart(first, first.data.length);
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(range);
    });
  }

  value(label: 'Subject' | 'Message' | 'Reference' | 'Guarded note'): Promise<string> {
    return this.field(label).inputValue();
  }

  richHtml(): Promise<string> {
    return this.rich.evaluate((el) => el.innerHTML);
  }

  /** The page's own Undo, as Ctrl+Z gives it, in the focused field. */
  async undo(): Promise<void> {
    await this.page.evaluate(() => document.execCommand('undo'));
  }
}
