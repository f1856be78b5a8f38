import { describe, expect, it } from 'vitest';
import type { LinkView } from '../../../lib/messaging/send-message';
import {
  cacheArrived,
  cursorToAsk,
  fromCache,
  matches,
  NO_FILTER,
  rowTags,
  pageAnswered,
  pageAsked,
  retried,
  rowDeleted,
  tagsChanged,
  visibleRows,
  type RecentListState,
} from '../../../lib/popup/recent-list';
import type { ListedLink } from '../../../lib/storage/link-shape';

function row(n: number, over: Partial<ListedLink> = {}): ListedLink {
  return {
    linkId: `lnk_${n}`,
    shortUrl: `http://s.test/k${n}`,
    longUrl: `https://example.com/page/${n}`,
    createdDate: new Date(Date.UTC(2026, 10, 1, 0, 0, 60 - n)).toISOString(),
    clicks: n,
    tags: [],
    ...over,
  };
}

const cachedLink: LinkView = { linkId: 'lnk_c', shortUrl: 'http://s.test/c', longUrl: 'https://example.com/c', createdDate: '2026-11-01T00:00:00.000Z' };

/** Asks for the next page and answers it with `rows` and `next`. */
function loadPage(state: RecentListState, rows: ListedLink[], next: number | null): RecentListState {
  const cursor = cursorToAsk(state);
  if (cursor === null) throw new Error('no page to ask for');
  return pageAnswered(pageAsked(state, cursor), cursor, { status: 'done', rows, nextCursor: next });
}

describe('paging', () => {
  it('shows the cached links first, then replaces them with the service first page', () => {
    const start = fromCache([cachedLink]);
    expect(start.rows).toEqual([cachedLink]);
    expect(cursorToAsk(start)).toBe(0);
    const first = loadPage(start, [row(1), row(2)], 2);
    expect(first.rows.map((r) => r.linkId)).toEqual(['lnk_1', 'lnk_2']);
    expect(first.source).toBe('service');
  });

  it('shows more of the cached links only when they come before the first page', () => {
    const early = cacheArrived(pageAsked(fromCache([]), 0), [cachedLink]);
    expect(early.rows).toEqual([cachedLink]);
    const late = cacheArrived(loadPage(fromCache([]), [row(1)], null), [cachedLink]);
    expect(late.rows.map((r) => r.linkId)).toEqual(['lnk_1']);
    // The popup opens on the cache's first few; a longer list of them replaces those, a shorter one does not.
    const more = { ...cachedLink, linkId: 'lnk_c2' };
    expect(cacheArrived(fromCache([cachedLink]), [more, cachedLink]).rows).toEqual([more, cachedLink]);
    expect(cacheArrived(fromCache([more, cachedLink]), [cachedLink]).rows).toEqual([more, cachedLink]);
    // As many, with the titles and clicks the cache keeps (the popup opens on the links alone): those replace them.
    const withFigures = { ...cachedLink, title: 'Spring sale', clicks: 97, tags: ['launch'] };
    expect(cacheArrived(fromCache([cachedLink]), [withFigures]).rows).toEqual([withFigures]);
    expect(cacheArrived(fromCache([]), []).rows).toEqual([]);
  });

  it('asks each next page at the cursor the service gave, and none past the last', () => {
    let state = loadPage(fromCache([]), [row(1), row(2)], 2);
    expect(cursorToAsk(state)).toBe(2);
    state = loadPage(state, [row(3), row(4)], 4);
    expect(cursorToAsk(state)).toBe(4);
    state = loadPage(state, [row(5)], null);
    expect(state.rows.map((r) => r.linkId)).toEqual(['lnk_1', 'lnk_2', 'lnk_3', 'lnk_4', 'lnk_5']);
    expect(cursorToAsk(state)).toBeNull();
  });

  it('asks one page at a time', () => {
    const state = pageAsked(fromCache([]), 0);
    expect(cursorToAsk(state)).toBeNull();
  });

  it('drops a row a shifted page repeats (a link made while scrolling)', () => {
    let state = loadPage(fromCache([]), [row(1), row(2)], 2);
    state = loadPage(state, [row(2), row(3)], 4);
    expect(state.rows.map((r) => r.linkId)).toEqual(['lnk_1', 'lnk_2', 'lnk_3']);
  });

  it('ignores the answer to a page no longer asked for', () => {
    const asked = pageAsked(fromCache([]), 0);
    expect(pageAnswered(asked, 20, { status: 'done', rows: [row(9)], nextCursor: null })).toBe(asked);
  });

  it('keeps the rows when a page cannot be read, says why, and asks again only on retry', () => {
    const before = loadPage(fromCache([]), [row(1), row(2)], 2);
    const error = { kind: 'invalid-response', code: 'INVALID_RESPONSE', message: 'x' } as const;
    const failed = pageAnswered(pageAsked(before, 2), 2, { status: 'error', error });
    expect(failed.rows).toEqual(before.rows);
    expect(failed.error).toEqual(error);
    expect(cursorToAsk(failed)).toBeNull();
    expect(cursorToAsk(retried(failed))).toBe(2);
  });

  it('keeps the cached rows when the first page cannot be read', () => {
    const start = fromCache([cachedLink]);
    const failed = pageAnswered(pageAsked(start, 0), 0, { status: 'error', error: { kind: 'invalid-response', message: 'x' } });
    expect(failed.rows).toEqual([cachedLink]);
    expect(failed.source).toBe('cache');
  });
});

describe('delete', () => {
  it('removes the row and moves the next cursor back one, so no link is skipped', () => {
    const state = loadPage(fromCache([]), [row(1), row(2), row(3)], 3);
    const after = rowDeleted(state, 'lnk_2', true);
    expect(after.rows.map((r) => r.linkId)).toEqual(['lnk_1', 'lnk_3']);
    expect(cursorToAsk(after)).toBe(2);
  });

  it('keeps the cursor while the delete waits in the queue (the service still counts the link)', () => {
    const state = loadPage(fromCache([]), [row(1), row(2)], 2);
    const after = rowDeleted(state, 'lnk_1', false);
    expect(after.rows.map((r) => r.linkId)).toEqual(['lnk_2']);
    expect(cursorToAsk(after)).toBe(2);
  });

  it('changes nothing for a link the list does not hold', () => {
    const state = loadPage(fromCache([]), [row(1)], 1);
    expect(rowDeleted(state, 'lnk_9', true)).toBe(state);
  });

  it('leaves the last page as last', () => {
    const state = loadPage(fromCache([]), [row(1), row(2)], null);
    expect(cursorToAsk(rowDeleted(state, 'lnk_1', true))).toBeNull();
  });
});

describe('filter', () => {
  const rows = [
    row(1, { title: 'Quarterly Report', tags: ['work'] }),
    row(2, { longUrl: 'https://news.example.org/a', tags: ['news', 'work'] }),
    row(3, { tags: [] }),
  ];
  const state = loadPage(fromCache([]), rows, null);

  it.each([
    ['', '', ['lnk_1', 'lnk_2', 'lnk_3']],
    ['report', '', ['lnk_1']],
    ['NEWS.example', '', ['lnk_2']],
    ['s.test/k3', '', ['lnk_3']],
    ['news', '', ['lnk_2']],
    ['', 'work', ['lnk_1', 'lnk_2']],
    ['news', 'work', ['lnk_2']],
    ['report', 'news', []],
  ])('text %j and tag %j', (text, tag, ids) => {
    expect(visibleRows(state, { text, tag }).map((r) => r.linkId)).toEqual(ids);
  });

  it('never matches a tag on a cached row, whose tags are unknown', () => {
    expect(matches(cachedLink, { text: '', tag: 'work' })).toBe(false);
    expect(matches(cachedLink, NO_FILTER)).toBe(true);
  });
});

describe('tags', () => {
  it('puts the new tags on the one row', () => {
    const state = loadPage(fromCache([]), [row(1), row(2)], null);
    const after = tagsChanged(state, 'lnk_2', ['a', 'b']);
    expect(after.rows.map((r) => r.tags)).toEqual([[], ['a', 'b']]);
  });
});

describe("the card's own link", () => {
  it('is not drawn again under the card, yet still counts for paging', () => {
    const state = loadPage(fromCache([]), [row(1), row(2), row(3)], 3);
    expect(visibleRows(state, NO_FILTER, 'lnk_1').map((r) => r.linkId)).toEqual(['lnk_2', 'lnk_3']);
    expect(visibleRows(state, NO_FILTER, null).map((r) => r.linkId)).toEqual(['lnk_1', 'lnk_2', 'lnk_3']);
    expect(cursorToAsk(state)).toBe(3);
  });
});

describe("a row's tags", () => {
  it('shows one tag whole, several as one count, none as nothing', () => {
    expect(rowTags(undefined)).toEqual({ kind: 'none' });
    expect(rowTags([])).toEqual({ kind: 'none' });
    expect(rowTags(['spring-launch-2026'])).toEqual({ kind: 'one', tag: 'spring-launch-2026' });
    expect(rowTags(['launch', 'newsletter'])).toEqual({ kind: 'count', count: 2 });
  });
});
