/**
 * The side panel's state machine, without Preact or the browser: which link
 * is shown, its figures (the cached ones at once, then the service's), the
 * refresh timer and the link picker. Everything outside is injected (the
 * background's `send`, the page-readable cache, clocks, visibility, the
 * active tab), so tests drive it directly; entrypoints/sidepanel/ only draws
 * the model. Reasons are codes; the page words them.
 */
import type { CachedAnalytics } from '../storage/analytics-cache';
import type { ErrorView, LinkView, Send } from '../messaging/send-message';

export const REFRESH_MS = 30_000;
/** How often "updated N s ago" is brought up to date while visible. */
export const CLOCK_MS = 5_000;
/** A search keeps loading pages until it has this many matches or the list ends. */
export const PICKER_WANTED = 10;
/** ...but never more pages than this for one query. */
const PICKER_MAX_PAGES_PER_QUERY = 20;

export type Target =
  | { kind: 'none' }
  /** `from`: the page's `?linkId=`, the active tab, or the picker. */
  | { kind: 'link'; linkId: string; from: 'param' | 'tab' | 'picker' }
  | { kind: 'pick' };

export interface Figures extends CachedAnalytics {
  /** Whether they came from the cache and no refresh has answered yet. */
  readonly cached: boolean;
}

export interface PickerState {
  readonly links: readonly LinkView[];
  readonly nextCursor: number | null;
  readonly loading: boolean;
  readonly error: ErrorView | null;
  readonly query: string;
}

/** Whether the panel may follow the active tab: it needs the optional `tabs` permission. */
export type TabAccess = 'granted' | 'not-granted' | 'unsupported';

export interface PanelModel {
  readonly target: Target;
  readonly figures: Figures | null;
  readonly refreshing: boolean;
  /** Why the last refresh failed; the figures (if any) stay. */
  readonly error: ErrorView | null;
  readonly offline: boolean;
  readonly notConfigured: boolean;
  /** The clock "updated N s ago" is measured against. */
  readonly now: number;
  readonly picker: PickerState;
  readonly tabAccess: TabAccess;
}

export interface TabLinks {
  access(): Promise<TabAccess>;
  /** Asks the browser for the permission; must run from the user's click. */
  request(): Promise<boolean>;
  /** The link id of the active tab's own link (a short link of ours, or a URL shortened from this profile), or null. */
  current(): Promise<string | null>;
  /** Calls back when the user switches tabs or the active tab navigates; returns the unsubscribe. */
  watch(onChange: () => void): () => void;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface PanelDeps {
  send: Send;
  /** The page reads the cache itself: no round trip before the first figures. */
  readCache: (linkId: string) => Promise<CachedAnalytics | null>;
  now: () => number;
  timers: Timers;
  isVisible: () => boolean;
  isOnline: () => boolean;
  tabs: TabLinks;
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
  /** Back to the picker from a link chosen there. */
  backToPicker(): void;
  loadMore(): Promise<void>;
  search(query: string): Promise<void>;
  /** The "Follow the active tab" button: asks for the `tabs` permission. */
  allowTabs(): Promise<void>;
  stop(): void;
  model(): PanelModel;
}

const INTERNAL: ErrorView = { kind: 'internal', message: '' };
const NO_PICKER: PickerState = { links: [], nextCursor: 0, loading: false, error: null, query: '' };

/** The links of the picker that match the typed text (short URL or destination), case-insensitively. */
export function pickerMatches(picker: PickerState): readonly LinkView[] {
  const q = picker.query.trim().toLowerCase();
  if (q === '') return picker.links;
  return picker.links.filter((l) => l.shortUrl.toLowerCase().includes(q) || l.longUrl.toLowerCase().includes(q));
}

/** A failed refresh that means "no network", rather than a refusal: the page says "offline". */
function isOffline(error: ErrorView): boolean {
  return error.kind === 'network' && error.code !== 'NO_HOST_PERMISSION';
}

export function createSidePanelController(deps: PanelDeps): PanelController {
  let model: PanelModel = {
    target: { kind: 'none' },
    figures: null,
    refreshing: false,
    error: null,
    offline: !deps.isOnline(),
    notConfigured: false,
    now: deps.now(),
    picker: NO_PICKER,
    tabAccess: 'not-granted',
  };
  const set = (patch: Partial<PanelModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };

  let refreshTimer: unknown = null;
  let clockTimer: unknown = null;
  let unwatchTabs: (() => void) | null = null;
  let stopped = false;
  /** Bumped on every change of link, so a late answer for the previous link is dropped. */
  let generation = 0;
  let lastAttempt = -Infinity;

  function startTimers(): void {
    if (refreshTimer === null) refreshTimer = deps.timers.setInterval(() => void refresh(), REFRESH_MS);
    if (clockTimer === null) clockTimer = deps.timers.setInterval(() => set({ now: deps.now() }), CLOCK_MS);
  }
  function stopTimers(): void {
    if (refreshTimer !== null) deps.timers.clearInterval(refreshTimer);
    if (clockTimer !== null) deps.timers.clearInterval(clockTimer);
    refreshTimer = clockTimer = null;
  }
  /** Timers run only while the panel is visible and shows a link: a hidden panel costs the service nothing. */
  function syncTimers(): void {
    if (!stopped && deps.isVisible() && model.target.kind === 'link') startTimers();
    else stopTimers();
  }

  const linkIdOf = (): string | null => (model.target.kind === 'link' ? model.target.linkId : null);

  async function refresh(): Promise<void> {
    const linkId = linkIdOf();
    if (linkId === null || stopped) return;
    const mine = generation;
    lastAttempt = deps.now();
    set({ refreshing: true });
    let answer;
    try {
      answer = await deps.send('linkAnalytics', { linkId });
    } catch {
      answer = { status: 'error', error: INTERNAL } as const;
    }
    if (mine !== generation) return;
    const now = deps.now();
    switch (answer.status) {
      case 'done':
        set({
          refreshing: false,
          figures: { data: answer.data, fetchedAt: answer.fetchedAt, cached: false },
          error: null,
          offline: false,
          notConfigured: false,
          now,
        });
        return;
      case 'not-configured':
        set({ refreshing: false, notConfigured: true, now });
        return;
      case 'error':
        // The figures already shown stay: stale numbers with their age beat a blank panel.
        set({ refreshing: false, error: answer.error, offline: isOffline(answer.error) || !deps.isOnline(), now });
        return;
    }
  }

  /** The link's cached figures, or null when there are none or the cache cannot be read. */
  async function readCache(linkId: string): Promise<CachedAnalytics | null> {
    try {
      return await deps.readCache(linkId);
    } catch {
      // No IndexedDB (private window, quota): the refresh still shows figures.
      return null;
    }
  }

  /** `cachedRead`: the cache read for this link, when the caller started it early. */
  async function show(linkId: string, from: 'param' | 'tab' | 'picker', cachedRead?: Promise<CachedAnalytics | null>): Promise<void> {
    if (model.target.kind === 'link' && model.target.linkId === linkId) return;
    generation += 1;
    const mine = generation;
    set({ target: { kind: 'link', linkId, from }, figures: null, error: null, refreshing: false });
    syncTimers();
    const cached = await (cachedRead ?? readCache(linkId));
    if (mine !== generation) return;
    if (cached !== null) set({ figures: { ...cached, cached: true }, now: deps.now() });
    await refresh();
  }

  function toPicker(): void {
    generation += 1;
    set({ target: { kind: 'pick' }, figures: null, error: null, refreshing: false });
    syncTimers();
    if (model.picker.links.length === 0 && !model.picker.loading) void loadMore();
  }

  /** Without ?linkId=: the active tab's link, else the picker. */
  async function followTab(): Promise<void> {
    let linkId: string | null = null;
    try {
      linkId = model.tabAccess === 'granted' ? await deps.tabs.current() : null;
    } catch {
      linkId = null;
    }
    if (stopped) return;
    if (linkId !== null) await show(linkId, 'tab');
    else if (model.target.kind !== 'pick' && !(model.target.kind === 'link' && model.target.from === 'picker')) toPicker();
  }

  function watchTabs(): void {
    if (unwatchTabs === null && model.tabAccess === 'granted') unwatchTabs = deps.tabs.watch(() => void followTab());
  }

  async function loadMore(): Promise<void> {
    const { picker } = model;
    if (picker.loading || picker.nextCursor === null) return;
    set({ picker: { ...picker, loading: true, error: null } });
    let answer;
    try {
      answer = await deps.send('linkPage', { cursor: picker.nextCursor });
    } catch {
      answer = { status: 'error', error: INTERNAL } as const;
    }
    const current = model.picker;
    if (answer.status === 'done') {
      const known = new Set(current.links.map((l) => l.linkId));
      const links = [...current.links, ...answer.links.filter((l) => !known.has(l.linkId))];
      set({ picker: { ...current, links, nextCursor: answer.nextCursor, loading: false } });
    } else if (answer.status === 'not-configured') {
      set({ picker: { ...current, loading: false, nextCursor: null }, notConfigured: true });
    } else {
      set({ picker: { ...current, loading: false, error: answer.error } });
    }
  }

  /** Loads pages until the query has enough matches, the list ends, a page fails, or the query changes. */
  async function fillFor(query: string): Promise<void> {
    for (let pages = 0; pages < PICKER_MAX_PAGES_PER_QUERY; pages += 1) {
      const { picker } = model;
      if (picker.query !== query || picker.error !== null || picker.nextCursor === null) return;
      if (pickerMatches(picker).length >= PICKER_WANTED) return;
      await loadMore();
    }
  }

  return {
    async start(linkId) {
      // A link named by the page: its cached figures are read while the tab permission is checked,
      // not after (reopening a cached link must show its figures within 100 ms).
      const cachedRead = linkId !== null ? readCache(linkId) : undefined;
      try {
        set({ tabAccess: await deps.tabs.access() });
      } catch {
        set({ tabAccess: 'unsupported' });
      }
      if (linkId !== null) {
        await show(linkId, 'param', cachedRead);
        return;
      }
      watchTabs();
      await followTab();
    },
    refresh,
    visibilityChanged() {
      syncTimers();
      // Back in view after the refresh interval passed while hidden: bring the figures up to date now.
      if (deps.isVisible() && deps.now() - lastAttempt >= REFRESH_MS) void refresh();
      if (deps.isVisible()) set({ now: deps.now() });
    },
    connectivityChanged() {
      const online = deps.isOnline();
      if (!online) set({ offline: true });
      else if (model.offline) void refresh();
    },
    choose: (linkId) => show(linkId, 'picker'),
    backToPicker: toPicker,
    loadMore: async () => {
      await loadMore();
      await fillFor(model.picker.query);
    },
    async search(query) {
      set({ picker: { ...model.picker, query } });
      await fillFor(query);
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
      stopped = true;
      stopTimers();
      unwatchTabs?.();
      unwatchTabs = null;
    },
    model: () => model,
  };
}
