/**
 * Which link the panel is about, for its header. The interface has no "get
 * one link": the device's link cache names it at once (short link,
 * destination, date, tags); then the workspace's list, newest first, is
 * paged until the link is in it, which brings its title and clicks too.
 * The pages go to the switcher's list as well, so it is filled by then.
 * A link found in neither is said to be so (`lookup: 'not-found'`).
 */
import type { LinkView, PanelState, PickerLink } from './panel-model';

/** Pages of the list read at most for one link (30 links a page, lib/background/links/link-analytics.ts). */
export const LOOKUP_MAX_PAGES = 20;

export interface IdentityDeps {
  /** The link as the device's link cache has it, or null. */
  knownLink(linkId: string): Promise<LinkView | null>;
}

/** A row of the workspace's list over what the cache said: the service's word is the newer. */
export function factsOfRow(row: PickerLink, before: LinkView | null): LinkView {
  return { ...before, ...row };
}

export function createLinkIdentity(state: PanelState, deps: IdentityDeps, paging: { loadMore(): Promise<void> }) {
  let generation = 0;

  /** `after`: the list is paged only once it settles (the figures' request goes out first). */
  async function find(linkId: string, after: Promise<void> = Promise.resolve()): Promise<void> {
    generation += 1;
    const mine = generation;
    const stale = () => mine !== generation || state.stopped();
    const listed = () => state.model().picker.links.find((l) => l.linkId === linkId);
    state.set({ link: null, lookup: 'looking' });

    let row = listed();
    if (row === undefined) {
      let known: LinkView | null = null;
      try {
        known = await deps.knownLink(linkId);
      } catch {
        known = null;
      }
      if (stale()) return;
      if (known !== null) state.set({ link: known });
      await after;
      if (stale()) return;
      // A page read meanwhile (for the switcher, or a lookup before this one) may hold it already.
      row = listed();
      for (let pages = 0; row === undefined && pages < LOOKUP_MAX_PAGES; pages += 1) {
        if (state.model().picker.nextCursor === null) break;
        await paging.loadMore();
        if (stale()) return;
        if (state.model().picker.error !== null) break;
        row = listed();
      }
    }
    const { link, picker } = state.model();
    if (row !== undefined) state.set({ link: factsOfRow(row, link), lookup: 'found' });
    else if (picker.error !== null) state.set({ lookup: 'failed' });
    else state.set({ lookup: link !== null ? 'found' : 'not-found' });
  }

  return {
    find,
    /** The link shown changes: a lookup still under way is for the one before. */
    drop(): void {
      generation += 1;
    },
  };
}
