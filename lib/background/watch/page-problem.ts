/**
 * The popup's question before a new link is made, with the destination
 * check on: is the page being shortened itself broken? The tab is asked
 * first: the status its document came with settles it, with no request.
 * When it cannot say, or shows the browser's error page (which hides why),
 * the page is checked over the network with a short limit, so a slow site
 * delays the link by at most that. With the check off, nothing is read or
 * requested.
 */
import { checkDestination } from '../../watch/check-destination';
import { pageOutcome, warnsBeforeShortening, type PageReading } from '../../watch/page-verdict';
import type { CheckOutcome } from '../../watch/watch-outcome';

/** How long the popup waits for the page's own answer before making the link anyway. */
export const PAGE_CHECK_TIMEOUT_MS = 3_000;

export interface PageProblemDeps {
  /** The watch is on and may reach any site. */
  watchOn: () => Promise<boolean>;
  readTab: (tabId: number) => Promise<PageReading>;
  fetch: typeof fetch;
}

export interface PageProblem {
  /** Whether the check is on: read beside the caller's other first reads, so the popup waits for it no longer than for them. */
  on(): Promise<boolean>;
  /** The page's problem worth a warning, or null (fine, or unknown). Asked only once `on()` said yes. */
  of(url: string, tabId: number | undefined): Promise<CheckOutcome | null>;
}

export function createPageProblem(deps: PageProblemDeps): PageProblem {
  const warned = (outcome: CheckOutcome | null) => (outcome !== null && warnsBeforeShortening(outcome) ? outcome : null);
  const of = async (url: string, tabId: number | undefined): Promise<CheckOutcome | null> => {
    const reading: PageReading = tabId === undefined ? { kind: 'unread' } : await deps.readTab(tabId);
    const fromTab = pageOutcome(reading, url);
    if (fromTab !== null && reading.kind === 'document') return warned(fromTab);
    // The browser's error page hides why (no answer, or an error status with no body): the page is asked for the reason.
    const asked = await checkDestination(url, { fetch: deps.fetch, timeout: () => AbortSignal.timeout(PAGE_CHECK_TIMEOUT_MS) }).catch(() => null);
    // A timeout here is the short limit, not a verdict on the site, unless the tab already showed it failing.
    if (asked === null || asked.reason.kind === 'timeout') return warned(fromTab);
    return warned(asked);
  };
  return { on: deps.watchOn, of };
}
