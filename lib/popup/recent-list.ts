/**
 * The popup's recent-links list as plain state and pure steps, without
 * Preact or the browser (components/popup/recent-links.tsx draws it).
 *
 * The list opens on the links the local cache holds (no network, so the
 * popup shows something at once) and they are replaced by the service's first page
 * when it arrives; later pages are appended as the user scrolls. A page that
 * cannot be read changes nothing: the rows stay and the error says why.
 *
 * Paging is by offset (the service's cursor, docs/design.md Lists), so the list
 * corrects for what shifts offsets: a link deleted here moves every later
 * link up one place (the next cursor goes back by one, or a link would be
 * skipped), and a link made meanwhile moves them down (the next page repeats
 * a row, dropped by its id).
 */
import type { AnswerOf, ErrorView, LinkView } from '../messaging/send-message';

type LinkListAnswer = AnswerOf<'linkList'>;

/** A row from the service, or from the cache (which holds the title, clicks and tags the service last listed, when it did). */
export type ListRow = LinkView;

export interface RecentListState {
  rows: ListRow[];
  /** 'cache' until the service's first page has replaced the rows shown (the cache's, or an older first page). */
  source: 'cache' | 'service';
  /** Offset of the next page to ask for; null when the service has no more. */
  nextCursor: number | null;
  /** The cursor of the page being asked for, or null. */
  asking: number | null;
  /** Why the last page was not shown; the rows stay as they were. */
  error: ErrorView | 'not-configured' | null;
}

export interface ListFilter {
  /** Matched, case-insensitively, in the short link, destination, title and tags. */
  text: string;
  /** Only rows carrying this tag; '' for every row. */
  tag: string;
}

export const NO_FILTER: ListFilter = { text: '', tag: '' };

export function fromCache(cached: readonly ListRow[]): RecentListState {
  return { rows: [...cached], source: 'cache', nextCursor: 0, asking: null, error: null };
}

/**
 * More of the cache's links (the popup opens with its first few, without
 * their titles and figures), when they arrive before the service's first
 * page (asked for together) or instead of it (offline); once the service's
 * page is shown, they are dropped.
 */
export function cacheArrived(state: RecentListState, cached: readonly ListRow[]): RecentListState {
  return state.source === 'cache' && cached.length >= state.rows.length && cached.length > 0 ? { ...state, rows: [...cached] } : state;
}

/** The page to ask for next, or null: one is on its way, there is none, or the last one failed (the user retries). */
export function cursorToAsk(state: RecentListState): number | null {
  if (state.asking !== null || state.error !== null) return null;
  return state.source === 'cache' ? 0 : state.nextCursor;
}

export function pageAsked(state: RecentListState, cursor: number): RecentListState {
  return { ...state, asking: cursor, error: null };
}

export function pageAnswered(state: RecentListState, cursor: number, answer: LinkListAnswer): RecentListState {
  // An answer to a page no longer awaited (the list was reloaded meanwhile) is dropped.
  if (state.asking !== cursor) return state;
  if (answer.status !== 'done') {
    return { ...state, asking: null, error: answer.status === 'error' ? answer.error : 'not-configured' };
  }
  const kept = cursor === 0 ? [] : state.rows;
  const seen = new Set(kept.map((r) => r.linkId));
  const added: ListRow[] = [];
  for (const row of answer.rows) {
    if (seen.has(row.linkId)) continue;
    seen.add(row.linkId);
    added.push(row);
  }
  return { rows: [...kept, ...added], source: 'service', nextCursor: answer.nextCursor, asking: null, error: null };
}

/** Lets a failed page be asked for again. */
export function retried(state: RecentListState): RecentListState {
  return { ...state, error: null };
}

/**
 * A row the user deleted leaves the list. `gone`: the service deleted it
 * (later offsets moved up one); false when the delete waits in the queue
 * and the service still counts the link.
 */
export function rowDeleted(state: RecentListState, linkId: string, gone: boolean): RecentListState {
  const rows = state.rows.filter((r) => r.linkId !== linkId);
  if (rows.length === state.rows.length) return state;
  const shift = gone && state.source === 'service' && state.nextCursor !== null;
  return { ...state, rows, nextCursor: shift ? Math.max(0, (state.nextCursor as number) - 1) : state.nextCursor };
}

export function tagsChanged(state: RecentListState, linkId: string, tags: readonly string[]): RecentListState {
  return { ...state, rows: state.rows.map((r) => (r.linkId === linkId ? { ...r, tags: [...tags] } : r)) };
}

/**
 * How a row shows its tags: one tag whole (cut only past the row's width),
 * several as one count ("2 tags"), so no tag is cut to a letter and no "+1"
 * of hidden tags runs into the figure beside it. Every tag is read out and in
 * the row's tooltip either way.
 */
export type RowTags = { kind: 'none' } | { kind: 'one'; tag: string } | { kind: 'count'; count: number };

export function rowTags(tags: readonly string[] | undefined): RowTags {
  if (tags === undefined || tags.length === 0) return { kind: 'none' };
  return tags.length === 1 ? { kind: 'one', tag: tags[0] as string } : { kind: 'count', count: tags.length };
}

export function matches(row: ListRow, filter: ListFilter): boolean {
  if (filter.tag !== '' && !(row.tags ?? []).includes(filter.tag)) return false;
  const needle = filter.text.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [row.shortUrl, row.longUrl, row.title ?? '', ...(row.tags ?? [])].some((field) => field.toLocaleLowerCase().includes(needle));
}

/**
 * The rows to draw. `shownId`: the link the popup's card above shows, left
 * out so it is not read twice (it stays in the state: paging counts it).
 */
export function visibleRows(state: RecentListState, filter: ListFilter, shownId: string | null = null): ListRow[] {
  return state.rows.filter((row) => row.linkId !== shownId && matches(row, filter));
}
