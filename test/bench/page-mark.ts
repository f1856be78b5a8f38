/**
 * Waiting on a page without disturbing it. Playwright's own waits
 * (`waitForFunction`, `evaluate`) first inject its helper script into the
 * page: 10-20 ms of the page's main thread here. While a page still works
 * towards what is measured (the popup waiting for a new link, the side panel
 * reading its cache), that lands inside the time measured: in alternated runs
 * of the popup bench, the new link's time from the popup's first statement
 * went from 108 ms to 88-100 ms without it. The protocol's
 * `Runtime.evaluate` of one small expression in the page's own world costs
 * the page almost nothing. (After the wait, `page.evaluate` is harmless.)
 */
import type { CDPSession, Page } from 'playwright-core';
import type { Harness } from '../e2e/fixture';

/** A page with a protocol session attached before it navigates, so attaching costs nothing during the load. */
export interface WatchedPage {
  page: Page;
  session: CDPSession;
}

/** Opens the extension's page at `path` (`popup.html?url=…`) in a new tab, as `Harness.openPage` does, watched. */
export async function openWatched(h: Harness, path: string): Promise<WatchedPage> {
  const page = await h.context.newPage();
  try {
    const session = await h.context.newCDPSession(page);
    await page.goto(`chrome-extension://${h.extensionId}/${path}`);
    return { page, session };
  } catch (error) {
    await page.close();
    throw error;
  }
}

/**
 * Resolves once `condition`, a JavaScript expression evaluated in the page,
 * is true; it is checked at once and then every 10 ms. Rejects after
 * `timeoutMs`, or when the expression throws.
 */
export async function waitInPage({ session }: WatchedPage, condition: string, timeoutMs = 15_000): Promise<void> {
  const expression = `new Promise((resolve, reject) => {
    const deadline = performance.now() + ${timeoutMs};
    const check = () => {
      try {
        if (${condition}) return resolve(true);
      } catch (error) {
        return reject(error);
      }
      if (performance.now() > deadline) return reject(new Error('not met within ${timeoutMs} ms'));
      setTimeout(check, 10);
    };
    check();
  })`;
  const answer = (await session.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as {
    exceptionDetails?: { exception?: { description?: string }; text?: string };
  };
  if (answer.exceptionDetails !== undefined) {
    throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text ?? 'waitInPage failed');
  }
}

/** Resolves once the page has set the performance mark `name`. */
export function waitForMark(watched: WatchedPage, name: string, timeoutMs?: number): Promise<void> {
  return waitInPage(watched, `performance.getEntriesByName(${JSON.stringify(name)}, 'mark').length > 0`, timeoutMs);
}
