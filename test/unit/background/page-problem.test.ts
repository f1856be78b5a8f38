/** The popup's warning before a link to a broken page is made (the destination check on). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPageProblem, type PageProblemDeps } from '../../../lib/background/watch/page-problem';
import { PROTOCOL } from '../../../lib/messaging/protocol';
import { createQueueStore } from '../../../lib/queue/store';
import type { PageReading } from '../../../lib/watch/page-verdict';
import type { CheckOutcome } from '../../../lib/watch/watch-outcome';
import * as v from 'valibot';
import { connectedPopupHandlers } from '../fixtures/popup-handlers';

const PAGE = 'https://shop.example/sale';
const store = createQueueStore();

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

/** A site that answers every request with `status` (or fails to answer). */
function site(answer: number | 'down') {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(null, { status: answer });
  });
}

function problem(over: Partial<PageProblemDeps> & { tab?: PageReading }) {
  const readTab = vi.fn(async () => over.tab ?? ({ kind: 'unread' } as PageReading));
  const fetch = over.fetch ?? site(200);
  const problem = createPageProblem({ watchOn: over.watchOn ?? (async () => true), readTab, fetch });
  // As its callers ask: whether the check is on, then the page.
  const check = async (url: string, tabId: number | undefined) => ((await problem.on()) ? problem.of(url, tabId) : null);
  return { check, readTab, fetch };
}

describe('is the page being shortened broken?', () => {
  it('with the destination check off, reads no tab and requests nothing', async () => {
    const p = problem({ watchOn: async () => false, tab: { kind: 'document', href: PAGE, status: 404 } });
    expect(await p.check(PAGE, 7)).toBeNull();
    expect(p.readTab).not.toHaveBeenCalled();
    expect(p.fetch).not.toHaveBeenCalled();
  });

  it("the tab's own status answers without a request", async () => {
    const gone = problem({ tab: { kind: 'document', href: PAGE, status: 404 } });
    expect(await gone.check(PAGE, 7)).toEqual({ state: 'gone', reason: { kind: 'answered', status: 404 } });
    expect(gone.readTab).toHaveBeenCalledWith(7);
    expect(gone.fetch).not.toHaveBeenCalled();
    const fine = problem({ tab: { kind: 'document', href: PAGE, status: 200 } });
    expect(await fine.check(PAGE, 7)).toBeNull();
    expect(fine.fetch).not.toHaveBeenCalled();
  });

  it("the browser's error page hides why: the page is asked, and failing it is when that cannot say either", async () => {
    expect(await problem({ tab: { kind: 'error-page' }, fetch: site(404) }).check(PAGE, 7)).toEqual({ state: 'gone', reason: { kind: 'answered', status: 404 } });
    expect(await problem({ tab: { kind: 'error-page' }, fetch: site('down') }).check(PAGE, 7)).toEqual({ state: 'failing', reason: { kind: 'unreachable' } });
    const slow = vi.fn(async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });
    expect(await problem({ tab: { kind: 'error-page' }, fetch: slow }).check(PAGE, 7)).toEqual({ state: 'failing', reason: { kind: 'unreachable' } });
    // Back up by the time it is asked: nothing to warn of.
    expect(await problem({ tab: { kind: 'error-page' }, fetch: site(200) }).check(PAGE, 7)).toBeNull();
  });

  it('when the tab cannot say (Firefox, or no tab), the page is asked over the network', async () => {
    const failing = problem({ tab: { kind: 'document', href: PAGE, status: null }, fetch: site(503) });
    expect(await failing.check(PAGE, 7)).toEqual({ state: 'failing', reason: { kind: 'answered', status: 503 } });
    expect(failing.fetch).toHaveBeenCalledWith(PAGE, expect.objectContaining({ method: 'HEAD', credentials: 'omit' }));
    expect(await problem({ fetch: site(410) }).check(PAGE, undefined)).toMatchObject({ state: 'gone' });
    expect(await problem({ fetch: site('down') }).check(PAGE, undefined)).toEqual({ state: 'failing', reason: { kind: 'unreachable' } });
    expect(await problem({ fetch: site(200) }).check(PAGE, undefined)).toBeNull();
  });

  it('a page slower than the short limit is not judged: the link is made', async () => {
    const slow = vi.fn(async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });
    expect(await problem({ fetch: slow }).check(PAGE, undefined)).toBeNull();
  });

  it('a local address is never requested, and not warned of', async () => {
    const p = problem({ fetch: site(404) });
    expect(await p.check('http://192.168.1.10/admin', undefined)).toBeNull();
    expect(p.fetch).not.toHaveBeenCalled();
  });
});

/** The popup's handlers with the check on and `of` as its answer. */
function popupHandlers(of: (url: string, tabId: number | undefined) => Promise<CheckOutcome | null>) {
  return connectedPopupHandlers(store, { pageProblem: { on: async () => true, of } });
}

describe('the popup opened on a broken page', () => {
  const gone = { state: 'gone', reason: { kind: 'answered', status: 404 } } as const;

  it('warns, with the tab asked, and makes nothing', async () => {
    const asked = vi.fn(async (_url: string, _tabId: number | undefined): Promise<CheckOutcome | null> => gone);
    const p = await popupHandlers(asked);
    const state = await popupState(p, { url: PAGE, shortenNow: true, tabId: 12 });
    expect(state.pageProblem).toEqual(gone);
    expect(state.shortened).toBeUndefined();
    expect(asked).toHaveBeenCalledWith(PAGE, 12);
    expect(p.service.links()).toHaveLength(0);
  });

  it('a page with a link already made shows that link, no warning', async () => {
    const p = await popupHandlers(async () => gone);
    await p.shorten({ url: PAGE, keywordType: 'HASH' });
    const state = await popupState(p, { url: PAGE, shortenNow: true });
    expect(state.pageProblem).toBeUndefined();
    expect(state.shortened).toMatchObject({ status: 'done', fromCache: true });
    expect(p.service.links()).toHaveLength(1);
  });

  it('a fine page is shortened at once', async () => {
    const p = await popupHandlers(async () => null);
    const state = await popupState(p, { url: PAGE, shortenNow: true });
    expect(state.pageProblem).toBeUndefined();
    expect(state.shortened).toMatchObject({ status: 'done', fromCache: false });
  });

  it('a tab id that is not a tab id is refused by the protocol', () => {
    expect(() => v.parse(PROTOCOL.popupState.request, { url: PAGE, tabId: -1 })).toThrow();
    expect(() => v.parse(PROTOCOL.popupState.request, { url: PAGE, tabId: 'x' })).toThrow();
  });
});

async function popupState(p: { popupState: (r: unknown) => Promise<unknown> }, request: unknown) {
  return (await p.popupState(request)) as { pageProblem?: unknown; shortened?: unknown };
}
