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
