import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createClipboard } from '../../../lib/background/clipboard';

/** Chrome's offscreen API as the clipboard uses it: one document at a time. */
function fakeOffscreen() {
  let open = false;
  const api = {
    Reason: { CLIPBOARD: 'CLIPBOARD' },
    hasDocument: vi.fn(async () => open),
    createDocument: vi.fn(async () => {
      open = true;
    }),
    closeDocument: vi.fn(async () => {
      open = false;
    }),
  };
  Object.defineProperty(browser, 'offscreen', { value: api, configurable: true });
  return api;
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(browser, 'offscreen');
});

describe('copying from the background through the offscreen document', () => {
  it("waits for a new document to listen: a first 'Receiving end does not exist' is not a failed copy", async () => {
    const offscreen = fakeOffscreen();
    let tries = 0;
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(async () => {
      tries += 1;
      if (tries < 3) throw new Error('Could not establish connection. Receiving end does not exist.');
      return true;
    });
    const clipboard = createClipboard(async () => undefined);
    expect(await clipboard.copy('https://sho.rt/abc')).toBe(true);
    expect(tries).toBe(3);
    expect(offscreen.createDocument).toHaveBeenCalledTimes(1);
    expect(offscreen.closeDocument).toHaveBeenCalledTimes(1);
  });

  it('says the copy failed when nothing ever listens, or the document could not copy', async () => {
    fakeOffscreen();
    vi.spyOn(browser.runtime, 'sendMessage').mockRejectedValue(new Error('Receiving end does not exist.'));
    const clipboard = createClipboard(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await clipboard.copy('https://sho.rt/abc')).toBe(false);
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(async () => false);
    expect(await clipboard.copy('https://sho.rt/def')).toBe(false);
  });
});

describe('reading the clipboard for "Paste as short link"', () => {
  it('Chrome: asks the offscreen document for the text, cut to the limit and one more, and closes it', async () => {
    const offscreen = fakeOffscreen();
    const sent: unknown[] = [];
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
      sent.push(message);
      return 'https://example.com/a'.padEnd(40, ' ');
    });
    const clipboard = createClipboard(async () => undefined);
    expect(await clipboard.read(10)).toBe('https://exa');
    expect(sent).toEqual([{ target: 'offscreen-clipboard-read', limit: 10 }]);
    expect(offscreen.createDocument).toHaveBeenCalledWith(expect.objectContaining({ reasons: ['CLIPBOARD'] }));
    expect(offscreen.closeDocument).toHaveBeenCalledTimes(1);
  });

  it('Chrome: a document that could not paste (no permission) reads as null, and the next copy still works', async () => {
    const offscreen = fakeOffscreen();
    const answers: unknown[] = [null, true];
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(async () => answers.shift());
    const clipboard = createClipboard(async () => undefined);
    expect(await clipboard.read(10)).toBeNull();
    expect(await clipboard.copy('https://sho.rt/abc')).toBe(true);
    expect(offscreen.closeDocument).toHaveBeenCalledTimes(2);
  });

  it('Firefox: reads with the Clipboard API, cut the same way; a refusal reads as null', async () => {
    const readText = vi.fn(async () => 'x'.repeat(100));
    vi.stubGlobal('navigator', { clipboard: { readText } });
    const clipboard = createClipboard(async () => undefined);
    expect(await clipboard.read(10)).toBe('x'.repeat(11));
    readText.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    expect(await clipboard.read(10)).toBeNull();
    vi.unstubAllGlobals();
  });
});
