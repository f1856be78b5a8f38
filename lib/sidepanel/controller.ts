/**
 * The side panel's state machine, without Preact or the browser: which link
 * is shown (the page's `?linkId=`, the active tab, or the picker's choice),
 * composed with its figures (./figures.ts), the refresh timer
 * (./refresh-timer.ts) and the picker's paging (./picker.ts). Everything
 * outside is injected (the background's `send`, the page-readable cache,
 * clocks, visibility, the active tab), so tests drive it directly;
 * entrypoints/sidepanel/ only draws the model (./panel-model.ts).
 */
import type { CachedAnalytics } from '../storage/analytics-cache';
import type { Send } from '../messaging/send-message';
import { createFigures } from './figures';
import { createLinkIdentity } from './link-identity';
import { createPanelState, type LinkView, type PanelModel, type TabAccess } from './panel-model';
import { createPickerPaging, NO_PICKER } from './picker';
import { createRefreshTimer, type Timers } from './refresh-timer';

export type { LinkView, PanelModel, PickerState, TabAccess } from './panel-model';
export { pickerMatches } from './picker';
export { CLOCK_MS, REFRESH_MS, type Timers } from './refresh-timer';

export interface TabLinks {
  access(): Promise<TabAccess>;
  /** Asks the browser for the permission; must run from the user's click. */
  request(): Promise<boolean>;
  /** The link id of the active tab's own link (a short link of ours, or a URL shortened from this profile), or null. */
  current(): Promise<string | null>;
  /** Calls back when the user switches tabs or the active tab navigates; returns the unsubscribe. */
  watch(onChange: () => void): () => void;
}

export interface PanelDeps {
  send: Send;
  /** The page reads the cache itself: no round trip before the first figures. */
  readCache: (linkId: string) => Promise<CachedAnalytics | null>;
  now: () => number;
  timers: Timers;
  isVisible: () => boolean;
  isOnline: () => boolean;
  /** The page's time zone, asked for the days of the figures (it may wait for the first paint); without it the background's is. */
  timeZone?: () => string | Promise<string>;
  tabs: TabLinks;
  /** The link as the device's link cache has it (./known-link.ts), or null. */
  knownLink: (linkId: string) => Promise<LinkView | null>;
  /** The active profile's service host, for "can't reach <host>". */
  serviceHost: () => Promise<string | null>;
  onChange: (model: PanelModel) => void;
}

export interface PanelController {
  /** `linkId`: the page's `?linkId=`, or null to follow the active tab. */
  start(linkId: string | null): Promise<void>;
  refresh(): Promise<void>;
  /** The page became visible or hidden (document.visibilitychange). */
  visibilityChanged(): void;
  /** The browser went online or offline. */
  connectivityChanged(): void;
  choose(linkId: string): Promise<void>;
  /** The link switcher: the workspace's links to choose from. */
  backToPicker(): void;
  loadMore(): Promise<void>;
  search(query: string): Promise<void>;
  /** The "Follow the active tab" button: asks for the `tabs` permission. */
  allowTabs(): Promise<void>;
  stop(): void;
  model(): PanelModel;
}

export function createSidePanelController(deps: PanelDeps): PanelController {
  const state = createPanelState(
    {
      target: { kind: 'none' },
      link: null,
      lookup: 'looking',
      host: null,
      figures: null,
      answered: false,
      refreshing: false,
      error: null,
      offline: !deps.isOnline(),
      notConfigured: false,
      now: deps.now(),
      picker: NO_PICKER,
      tabAccess: 'not-granted',
    },
    deps.onChange,
  );
  const { set, model } = state;
  const figures = createFigures(state, deps);
  const timer = createRefreshTimer(state, deps, figures);
  const picker = createPickerPaging(state, deps.send);
  const identity = createLinkIdentity(state, deps, picker);
  let unwatchTabs: (() => void) | null = null;

  async function show(linkId: string, from: 'param' | 'tab' | 'picker'): Promise<void> {
    const { target } = model();
    if (target.kind === 'link' && target.linkId === linkId) return;
    figures.drop();
    identity.drop();
    set({ target: { kind: 'link', linkId, from }, link: null, lookup: 'looking', figures: null, answered: false, error: null, refreshing: false });
    timer.sync();
    // The figures first (the cache, then the request); the header's facts alongside (the device's
    // link cache at once; the list's pages, if need be, once the figures' request has gone out).
    let asked!: () => void;
    const figuresAsked = new Promise<void>((resolve) => (asked = resolve));
    const loaded = figures.load(linkId, asked);
    await Promise.all([loaded, identity.find(linkId, figuresAsked)]);
  }

  function toPicker(): void {
    figures.drop();
    identity.drop();
    set({ target: { kind: 'pick' }, link: null, figures: null, answered: false, error: null, refreshing: false });
    timer.sync();
    if (model().picker.links.length === 0 && !model().picker.loading) void picker.loadMore();
  }

  /** Without ?linkId=: the active tab's link, else the picker. */
  async function followTab(): Promise<void> {
    let linkId: string | null = null;
    try {
      linkId = model().tabAccess === 'granted' ? await deps.tabs.current() : null;
    } catch {
      linkId = null;
    }
    if (state.stopped()) return;
    const { target } = model();
    if (linkId !== null) await show(linkId, 'tab');
    else if (target.kind !== 'pick' && !(target.kind === 'link' && target.from === 'picker')) toPicker();
  }

  function watchTabs(): void {
    if (unwatchTabs === null && model().tabAccess === 'granted') unwatchTabs = deps.tabs.watch(() => void followTab());
  }

  return {
    async start(linkId) {
      void deps.serviceHost().then(
        (host) => set({ host }),
        () => undefined,
      );
      const access = deps.tabs.access().then(
        (tabAccess) => set({ tabAccess }),
        () => set({ tabAccess: 'unsupported' }),
      );
      // A link named by the page needs no tab: its cache is read (then its figures asked for) and its
      // header looked up at once, while the tab permission is checked (it only decides whether
      // "Follow the active tab" is offered).
      if (linkId !== null) {
        await Promise.all([show(linkId, 'param'), access]);
        return;
      }
      await access;
      watchTabs();
      await followTab();
    },
    refresh: figures.refresh,
    visibilityChanged: timer.visibilityChanged,
    connectivityChanged() {
      const online = deps.isOnline();
      if (!online) set({ offline: true });
      else if (model().offline) {
        set({ offline: false });
        void figures.refresh();
      }
    },
    choose: (linkId) => show(linkId, 'picker'),
    backToPicker: toPicker,
    loadMore: async () => {
      await picker.loadMore();
      await picker.fillFor(model().picker.query);
    },
    async search(query) {
      set({ picker: { ...model().picker, query } });
      await picker.fillFor(query);
    },
    async allowTabs() {
      let granted = false;
      try {
        granted = await deps.tabs.request();
      } catch {
        granted = false;
      }
      if (!granted) return;
      set({ tabAccess: 'granted' });
      watchTabs();
      await followTab();
    },
    stop() {
      state.stop();
      timer.stop();
      unwatchTabs?.();
      unwatchTabs = null;
    },
    model,
  };
}
