/** "Paste as short link": what the clipboard holds, judged before anything is sent, and the words for each refusal. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CLIPBOARD_READ_LIMIT, clipboardUrl, type ClipboardProblem } from '../../../lib/menus/clipboard-url';
import { clipboardProblemText } from '../../../lib/menus/paste-text';
import { useCatalogue } from '../fixtures/catalogue';

describe('clipboardUrl', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['  https://example.com/a \n', 'https://example.com/a'],
    ['\thttp://Example.com', 'http://example.com/'],
    // Copied from a sentence: the brackets and the full stop around it are not the address.
    ['<https://example.com/a>', 'https://example.com/a'],
    ['“https://example.com/a”', 'https://example.com/a'],
    ['https://example.com/a.', 'https://example.com/a'],
  ])('takes %j as %s', (text, url) => {
    expect(clipboardUrl(text)).toEqual({ ok: true, url });
  });

  it.each<[string | null, ClipboardProblem]>([
    [null, 'clipboard-unreadable'],
    ['', 'clipboard-empty'],
    [' \n\t ', 'clipboard-empty'],
    ['see the article below', 'clipboard-no-url'],
    ['example.com/a', 'clipboard-no-url'],
    ['https://a.example/ https://b.example/', 'clipboard-several-urls'],
    ['https://a.example/\nhttps://a.example/', 'clipboard-several-urls'],
    ['Read https://a.example/ today', 'clipboard-not-only-url'],
    ['javascript:alert(1)', 'scheme'],
    ['ftp://files.example/a', 'scheme'],
    ['https://user:secret@example.com/', 'credentials'],
  ])('refuses %j: %s', (text, problem) => {
    expect(clipboardUrl(text)).toEqual({ ok: false, problem });
  });

  it('refuses an address longer than the service takes', () => {
    expect(clipboardUrl(`https://example.com/${'a'.repeat(2100)}`)).toEqual({ ok: false, problem: 'too-long' });
  });

  it('refuses a text over the limit (the reader gives one character more) without reading it for an address', () => {
    const address = 'https://example.com/a';
    expect(clipboardUrl(address + ' '.repeat(CLIPBOARD_READ_LIMIT - address.length))).toEqual({ ok: true, url: address });
    expect(clipboardUrl(address + ' '.repeat(CLIPBOARD_READ_LIMIT + 1 - address.length))).toEqual({ ok: false, problem: 'clipboard-too-big' });
    expect(clipboardUrl('https://a.example/', 10)).toEqual({ ok: false, problem: 'clipboard-too-big' });
  });
});

describe('clipboardProblemText', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useCatalogue();
  });

  it.each<[ClipboardProblem, string]>([
    ['clipboard-unreadable', 'The clipboard could not be read.'],
    ['clipboard-empty', 'The clipboard holds no text.'],
    ['clipboard-too-big', 'The clipboard holds more than 65,536 characters, far more than one web address.'],
    ['clipboard-no-url', 'The clipboard holds no web address.'],
    ['clipboard-several-urls', 'The clipboard holds more than one web address.'],
    ['clipboard-not-only-url', 'The clipboard holds text around the web address.'],
    ['scheme', "This link can't be shortened: only http and https links can be shortened."],
  ])('%s: %s…', (problem, words) => {
    expect(clipboardProblemText(problem).startsWith(words)).toBe(true);
  });
});
