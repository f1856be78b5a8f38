/**
 * The link picker's paging: the workspace's links a page at a time, and a
 * search over what is loaded that loads more pages while it finds too few.
 */
import type { Send } from '../messaging/send-message';
import { INTERNAL, type PanelState, type PickerLink, type PickerState } from './panel-model';

/** A search keeps loading pages until it has this many matches or the list ends. */
export const PICKER_WANTED = 10;
/** ...but never more pages than this for one query. */
const PICKER_MAX_PAGES_PER_QUERY = 20;

export const NO_PICKER: PickerState = { links: [], nextCursor: 0, loading: false, error: null, query: '' };

/** The links of the picker that match the typed text (title, short URL or destination), case-insensitively. */
export function pickerMatches(picker: PickerState): readonly PickerLink[] {
  const q = picker.query.trim().toLowerCase();
  if (q === '') return picker.links;
  return picker.links.filter(
    (l) => l.shortUrl.toLowerCase().includes(q) || l.longUrl.toLowerCase().includes(q) || (l.title?.toLowerCase().includes(q) ?? false),
  );
}

export function createPickerPaging(state: PanelState, send: Send) {
  let inflight: Promise<void> | null = null;

  /** The next page, if there is one; when one is on its way already, that one. */
  function loadMore(): Promise<void> {
    const { picker } = state.model();
    if (picker.loading && inflight !== null) return inflight;
    if (picker.nextCursor === null) return Promise.resolve();
    inflight = loadNext().finally(() => (inflight = null));
    return inflight;
  }

  async function loadNext(): Promise<void> {
    const { picker } = state.model();
    if (picker.nextCursor === null) return;
    state.set({ picker: { ...picker, loading: true, error: null } });
    let answer;
    try {
      answer = await send('linkPage', { cursor: picker.nextCursor });
    } catch {
      answer = { status: 'error', error: INTERNAL } as const;
    }
    const current = state.model().picker;
    if (answer.status === 'done') {
      const known = new Set(current.links.map((l) => l.linkId));
      const links = [...current.links, ...answer.links.filter((l) => !known.has(l.linkId))];
      state.set({ picker: { ...current, links, nextCursor: answer.nextCursor, loading: false } });
    } else if (answer.status === 'not-configured') {
      state.set({ picker: { ...current, loading: false, nextCursor: null }, notConfigured: true });
    } else {
      state.set({ picker: { ...current, loading: false, error: answer.error } });
    }
  }

  /** Loads pages until the query has enough matches, the list ends, a page fails, or the query changes. */
  async function fillFor(query: string): Promise<void> {
    for (let pages = 0; pages < PICKER_MAX_PAGES_PER_QUERY; pages += 1) {
      const { picker } = state.model();
      if (picker.query !== query || picker.error !== null || picker.nextCursor === null) return;
      if (pickerMatches(picker).length >= PICKER_WANTED) return;
      await loadMore();
    }
  }

  return { loadMore, fillFor };
}
