/**
 * Copies text from the background, where there is no document to copy from.
 * Chrome: through an offscreen document (reason CLIPBOARD); it is never
 * focused, so it copies with execCommand, which the clipboardWrite
 * permission allows. Firefox: its background page may write directly.
 */
import { browser } from 'wxt/browser';
import { OFFSCREEN_TARGET, type OffscreenCopyMessage } from '../messaging/offscreen';
import type { Handlers } from './dispatcher';

const OFFSCREEN_PATH = '/offscreen.html';
/** How long a new offscreen document may take to listen (its script runs after createDocument may resolve). */
const LISTEN_WAIT_MS = 2000;
const LISTEN_POLL_MS = 50;

/**
 * Sends the copy message until a receiver answers: a document just created may
 * not listen yet, and then sendMessage fails with "Receiving end does not
 * exist" (seen under load, when the previous copy had just closed the document).
 */
async function sendUntilHeard(message: OffscreenCopyMessage, wait: (ms: number) => Promise<void>): Promise<unknown> {
  const deadline = Date.now() + LISTEN_WAIT_MS;
  for (;;) {
    try {
      return await browser.runtime.sendMessage(message);
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await wait(LISTEN_POLL_MS);
    }
  }
}

export interface Clipboard {
  copy(text: string): Promise<boolean>;
}

export function createClipboard(wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))): Clipboard {
  // One copy at a time: two quick copies must not race to create the document.
  let chain: Promise<unknown> = Promise.resolve();

  async function viaOffscreen(text: string): Promise<boolean> {
    const offscreen = browser.offscreen;
    if (!(await offscreen.hasDocument())) {
      await offscreen.createDocument({
        url: browser.runtime.getURL(OFFSCREEN_PATH),
        reasons: [offscreen.Reason.CLIPBOARD],
        justification: 'Copy a short link made from the context menu or the offline queue.',
      });
    }
    const message: OffscreenCopyMessage = { target: OFFSCREEN_TARGET, text };
    const copied = (await sendUntilHeard(message, wait)) === true;
    // Nothing else needs the document; close it rather than keep a page alive.
    await offscreen.closeDocument().catch(() => undefined);
    return copied;
  }

  async function direct(text: string): Promise<boolean> {
    await navigator.clipboard.writeText(text);
    return true;
  }

  return {
    copy(text) {
      const run = chain.then(() => ('offscreen' in browser && browser.offscreen ? viaOffscreen(text) : direct(text)));
      chain = run.catch(() => undefined);
      return run.catch(() => false);
    },
  };
}

/** The copyText message: a page's copy made by the background's clipboard. */
export function createClipboardHandlers(clipboard: Clipboard): Pick<Handlers, 'copyText'> {
  return { copyText: async ({ text }) => ({ copied: await clipboard.copy(text) }) };
}
