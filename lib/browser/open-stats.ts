/**
 * Opens the stats of a link: Chrome's side panel, Firefox's sidebar, or a tab
 * where the browser has neither (or refuses to open it).
 *
 * Chrome's `sidePanel.open` and Firefox's `sidebarAction.open` work only
 * inside the user's gesture. In the background's menu handler the gesture
 * lasts only while the listener runs, so an `await` before them loses it
 * (Firefox is as strict on pages too). So every browser call here is made
 * synchronously, in the caller's tick: the page is set first and the panel
 * opened at once, without waiting for the first call (the browser handles
 * them in order, as Chrome's own side panel sample does). Only then are the
 * promises awaited.
 *
 * No message to the background: a popup calls this from the click itself
 * (Chrome 116+ lets extension pages open the panel), and the background from
 * its menu handler.
 */
import { browser } from './native-api';

/** The page that shows one link's analytics (entrypoints/sidepanel), relative to the extension's root. */
export function statsPath(linkId?: string): string {
  return linkId === undefined ? 'sidepanel.html' : `sidepanel.html?linkId=${encodeURIComponent(linkId)}`;
}

/** The tab the user acted in: the panel is opened for it. */
export interface TabRef {
  id?: number;
  windowId?: number;
}

export type StatsSurface = 'side-panel' | 'sidebar' | 'tab';

/** The parts of the browser used here; Chrome's and Firefox's types each lack the other's API. */
export interface StatsBrowser {
  sidePanel?: {
    setOptions(options: { tabId?: number; path?: string; enabled?: boolean }): Promise<void>;
    open?(options: { tabId?: number; windowId?: number }): Promise<void>;
  };
  sidebarAction?: {
    setPanel(details: { panel: string; tabId?: number }): Promise<void>;
    open(): Promise<void>;
  };
  tabs: { create(properties: { url: string }): Promise<unknown> };
  runtime: { getURL(path: string): string };
}

const defaultBrowser = (): StatsBrowser => browser as unknown as StatsBrowser;

/**
 * A panel opened within the gesture, before the link is known (the context
 * menu learns the link id only after a lookup): `show` points it at the link.
 */
export interface StatsOpening {
  show(linkId: string): Promise<StatsSurface>;
}

type Opened = { surface: 'side-panel' | 'sidebar'; done: Promise<void> } | null;

/**
 * The synchronous part: sets the page and opens the panel. Null when this
 * browser has no panel to open; a call that throws at once (a browser that
 * rejects the arguments) settles like a refusal.
 */
function openPanel(api: StatsBrowser, path: string, tab: TabRef | undefined): Opened {
  try {
    return callPanel(api, path, tab);
  } catch (error) {
    return { surface: api.sidePanel?.open !== undefined ? 'side-panel' : 'sidebar', done: Promise.reject(error) };
  }
}

function callPanel(api: StatsBrowser, path: string, tab: TabRef | undefined): Opened {
  const url = api.runtime.getURL(`/${path}`);
  const panel = api.sidePanel;
  if (panel?.open !== undefined) {
    const target = tab?.id !== undefined ? { tabId: tab.id } : tab?.windowId !== undefined ? { windowId: tab.windowId } : null;
    if (target === null) return null;
    // Per tab when the tab is known, like Chrome's per-tab panels; the panel takes a path, not a URL.
    const set = panel.setOptions({ ...(tab?.id !== undefined ? { tabId: tab.id } : {}), path, enabled: true });
    const open = panel.open(target);
    return { surface: 'side-panel', done: Promise.all([set, open]).then(() => undefined) };
  }
  const sidebar = api.sidebarAction;
  if (sidebar !== undefined) {
    const set = sidebar.setPanel({ panel: url, ...(tab?.id !== undefined ? { tabId: tab.id } : {}) });
    const open = sidebar.open();
    return { surface: 'sidebar', done: Promise.all([set, open]).then(() => undefined) };
  }
  return null;
}

async function inTab(api: StatsBrowser, linkId: string): Promise<StatsSurface> {
  await api.tabs.create({ url: api.runtime.getURL(`/${statsPath(linkId)}`) });
  return 'tab';
}

/**
 * Settles where the stats ended up. A refused panel (no gesture, a window
 * without panels) still shows the stats, in a tab: the user asked to see them.
 */
async function settle(api: StatsBrowser, opened: Opened, linkId: string): Promise<StatsSurface> {
  if (opened === null) return inTab(api, linkId);
  try {
    await opened.done;
    return opened.surface;
  } catch {
    return inTab(api, linkId);
  }
}

/** Call synchronously from the click or menu handler (see the top of this file). */
export function openStats(linkId: string, tab?: TabRef, api: StatsBrowser = defaultBrowser()): Promise<StatsSurface> {
  return settle(api, openPanel(api, statsPath(linkId), tab), linkId);
}

/**
 * Opens the panel on the bare page now (within the gesture); `show` then
 * points the same panel at the link, which needs no gesture: setting a new
 * page of an open panel navigates it.
 */
export function beginStats(tab?: TabRef, api: StatsBrowser = defaultBrowser()): StatsOpening {
  const opened = openPanel(api, statsPath(), tab);
  return {
    async show(linkId) {
      const surface = await settle(api, opened, linkId);
      if (surface === 'tab') return surface;
      const path = statsPath(linkId);
      if (surface === 'side-panel') {
        await api.sidePanel?.setOptions({ ...(tab?.id !== undefined ? { tabId: tab.id } : {}), path, enabled: true });
      } else {
        await api.sidebarAction?.setPanel({ panel: api.runtime.getURL(`/${path}`), ...(tab?.id !== undefined ? { tabId: tab.id } : {}) });
      }
      return surface;
    },
  };
}
