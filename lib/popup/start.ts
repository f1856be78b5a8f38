/**
 * The popup's first questions, asked by its first script
 * (lib/popup/early-start.ts) while the page's modules load. A page
 * shortened before is answered from local storage (lib/popup/local.ts);
 * otherwise the background is asked to shorten it (it applies the user's
 * defaults, so one round trip gives the link).
 */
import type { PopupState, Send } from '../messaging/send-message';
import { shortenable, targetFromPage } from './flow';
import type { LocalCache } from './local';
import { SETTINGS_DEFAULTS } from '../storage/keys';
import type { TimingMark } from './timing-marks';

/** A copy of the link begun with the first questions, before the page could draw it. */
export interface EarlyCopy {
  text: string;
  /** Whether the clipboard took it; the popup copies again when it did not. */
  done: Promise<boolean>;
}

interface Start {
  target: string | undefined;
  state: PopupState;
  /** Set when the link came from local storage and the user copies on open. */
  copying?: EarlyCopy;
}

export interface Begun {
  /** Resolves with the URL once the background is asked to shorten it and the popup should say so (undefined: it is not). */
  shortening: Promise<string | undefined>;
  start: Promise<Start>;
  /**
   * `start`'s value once it has one: the page's first render can then draw the
   * link itself instead of a placeholder (the first questions usually finish
   * while the page's modules load).
   */
  settled?: () => Start | undefined;
  /** What local storage holds (profiles, the service's host); null when it could not be read. */
  local: Promise<LocalCache | null>;
}

export interface StartDeps {
  send: Send;
  /** The popup's query string (`?url=` when opened as a tab). */
  search: string;
  /** Whether the popup is a tab of its own, and the active tab's URL otherwise. */
  whereAmI: () => Promise<{ openedAsTab: boolean; url: string | undefined; statsTab?: { id?: number } }>;
  /** Local settings and link record (lib/popup/local.ts), read while the tab is asked for. */
  readLocalCache: () => Promise<LocalCache>;
  localPopupState: (cache: LocalCache, target: string) => PopupState | null;
  mark: (name: TimingMark) => void;
  /** Copies a link found in local storage at once, while the page is still loading (absent: the page copies). */
  copy?: (text: string) => Promise<boolean>;
}

export function begin(deps: StartDeps): Begun {
  let announce: (url: string | undefined) => void = () => undefined;
  const shortening = new Promise<string | undefined>((resolve) => {
    announce = resolve;
  });
  const cache = deps.readLocalCache().catch(() => null);
  const start = (async (): Promise<Start> => {
    const tab = await deps.whereAmI();
    const target = targetFromPage(deps.search, tab.openedAsTab, tab.url);
    if (!shortenable(target)) {
      return { target, state: await deps.send('popupState', target === undefined ? {} : { url: target }) };
    }
    // Local storage first: a page shortened before is answered without
    // waking the background, whose start-up (and, awake, its own cache read
    // for the same link) would compete with this page's first frame in the
    // extension's process. Both reads ran during the tab query above, so a
    // miss rarely delays asking the background.
    const stored = await cache;
    const local = stored === null ? null : deps.localPopupState(stored, target);
    if (local !== null) {
      const text = local.copyToClipboard ? local.cached?.shortUrl : undefined;
      if (text === undefined || deps.copy === undefined) return { target, state: local };
      return { target, state: local, copying: { text, done: deps.copy(text).catch(() => false) } };
    }
    deps.mark('asked');
    // The active tab's id lets the background read the page's own status (the destination check's warning).
    const tabId = tab.openedAsTab ? undefined : tab.statsTab?.id;
    const remote = deps.send('popupState', { url: target, shortenNow: true, ...(tabId === undefined ? {} : { tabId }) }).then((state) => {
      deps.mark('answered');
      return state;
    });
    // Unread preferences (storage failed) are taken to be the defaults, as the background's read would find them.
    announce((stored?.preferences ?? SETTINGS_DEFAULTS.preferences).autoShorten ? target : undefined);
    return { target, state: await remote };
  })();
  let settled: Start | undefined;
  start.then(
    (value) => {
      settled = value;
      announce(undefined);
    },
    () => announce(undefined),
  );
  return { shortening, start, settled: () => settled, local: cache };
}
