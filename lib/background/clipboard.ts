/**
 * Copies text from the background, where there is no document to copy from,
 * and reads it for "Paste as short link" (./menus/paste-short-link.ts).
 * Chrome: through an offscreen document (reason CLIPBOARD); it is never
 * focused, so it copies and pastes with execCommand, which the clipboardWrite
 * and clipboardRead permissions allow. Firefox: its background page uses the
 * Clipboard API directly (reading needs clipboardRead there too).
 */
import { browser } from 'wxt/browser';
import { OFFSCREEN_READ_TARGET, OFFSCREEN_TARGET, type OffscreenCopyMessage, type OffscreenReadMessage } from '../messaging/offscreen';
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
async function sendUntilHeard(message: OffscreenCopyMessage | OffscreenReadMessage, wait: (ms: number) => Promise<void>): Promise<unknown> {
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

export interface ClipboardReader {
  /**
   * The clipboard's text cut to `limit` + 1 characters (one more than the
   * caller takes tells it the text was longer), or null when it could not be
   * read. The caller holds the clipboardRead permission.
   */
  read(limit: number): Promise<string | null>;
}

const hasOffscreen = (): boolean => 'offscreen' in browser && browser.offscreen !== undefined;

export function createClipboard(wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))): Clipboard & ClipboardReader {
  // One use at a time: two quick copies (or a copy and a read) must not race to create the document.
  let chain: Promise<unknown> = Promise.resolve();

  async function viaOffscreen(message: OffscreenCopyMessage | OffscreenReadMessage, justification: string): Promise<unknown> {
    const offscreen = browser.offscreen;
    if (!(await offscreen.hasDocument())) {
      await offscreen.createDocument({ url: browser.runtime.getURL(OFFSCREEN_PATH), reasons: [offscreen.Reason.CLIPBOARD], justification });
    }
    try {
      return await sendUntilHeard(message, wait);
    } finally {
      // Nothing else needs the document; close it rather than keep a page alive.
      await offscreen.closeDocument().catch(() => undefined);
    }
  }

  function copyNow(text: string): Promise<boolean> {
    if (!hasOffscreen()) return navigator.clipboard.writeText(text).then(() => true);
    const message: OffscreenCopyMessage = { target: OFFSCREEN_TARGET, text };
    return viaOffscreen(message, 'Copy a short link made from the context menu or the offline queue.').then((copied) => copied === true);
  }

  async function readNow(limit: number): Promise<string | null> {
    if (!hasOffscreen()) return (await navigator.clipboard.readText()).slice(0, limit + 1);
    const message: OffscreenReadMessage = { target: OFFSCREEN_READ_TARGET, limit };
    const text = await viaOffscreen(message, 'Read the clipboard for "Paste as short link", when the user asks for it.');
    // The document's answer is cut there; cut here too, whatever came back.
    return typeof text === 'string' ? text.slice(0, limit + 1) : null;
  }

  function queued<T>(work: () => Promise<T>, failed: T): Promise<T> {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run.catch(() => failed);
  }

  return {
    copy: (text) => queued(() => copyNow(text), false),
    read: (limit) => queued(() => readNow(limit), null),
  };
}

/** The copyText message: a page's copy made by the background's clipboard. */
export function createClipboardHandlers(clipboard: Clipboard): Pick<Handlers, 'copyText'> {
  return { copyText: async ({ text }) => ({ copied: await clipboard.copy(text) }) };
}
