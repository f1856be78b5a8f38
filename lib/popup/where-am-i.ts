/**
 * Which page the popup is about. The toolbar popup (no query string) reads
 * the active tab; the tab form (`?url=`) only needs to know it is a tab.
 */
import type { TabRef } from '../browser/open-stats';

/** The page the popup was opened on (the active tab), as the browser named it. */
export interface PageInfo {
  url: string;
  title: string | null;
}

interface TabFacts extends TabRef {
  url?: string;
  title?: string;
}

/** The `tabs` calls used here, as both the polyfill and the browser's own object offer them. */
export interface TabsApi {
  getCurrent(): Promise<TabFacts | undefined>;
  query(query: { active: true; currentWindow: true }): Promise<TabFacts[]>;
}

export interface Place {
  openedAsTab: boolean;
  /** The active tab's URL (the toolbar popup only). */
  url: string | undefined;
  /** The tab Stats opens the panel for: it must open from the click, with no query in between. */
  statsTab: TabRef | undefined;
  /** The active tab's address and title for the result card (the tab form has none). */
  page: PageInfo | null;
}

export async function whereAmI(tabs: TabsApi, search: string): Promise<Place> {
  const current = search === '' ? undefined : await tabs.getCurrent();
  if (current !== undefined) return { openedAsTab: true, url: undefined, statsTab: { id: current.id, windowId: current.windowId }, page: null };
  const [tab] = await tabs.query({ active: true, currentWindow: true });
  return {
    openedAsTab: false,
    url: tab?.url,
    statsTab: tab === undefined ? undefined : { id: tab.id, windowId: tab.windowId },
    page: tab?.url === undefined ? null : { url: tab.url, title: tab.title || null },
  };
}
