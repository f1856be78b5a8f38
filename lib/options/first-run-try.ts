/**
 * The first run's last step: "Shorten this page" for the tab the user came
 * from (the one active before the welcome page), so setting up ends with a
 * link made. A page's address is readable only under the `tabs` permission
 * or a host permission for it: a tab whose address is known is offered only
 * when it is a web page (http or https); one whose address the extension may
 * not read is offered too, and the click first asks for `tabs` (optional,
 * asked for only from a click, wxt.config.ts), then shortens it if it is a
 * web page. The link is made by the background's one shorten flow, with the
 * defaults of every new link.
 */
import { checkDestinationUrl } from '../contract/url';
import type { ErrorView, Send } from '../messaging/send-message';
import type { UrlProblem } from '../contract/url';
import { NOT_CONNECTED } from '../tags/list';

/** What the browser tells of a tab (title and address only when the extension may read them). */
export interface TabSeen {
  id?: number;
  url?: string;
  title?: string;
  lastAccessed?: number;
}

export type CameFrom =
  /** A web page whose address is known. */
  | { id: number; url: string; title: string | null }
  /** A tab whose address the extension may not read yet. */
  | { id: number; url: null };

export type TryState =
  | { kind: 'idle' }
  | { kind: 'shortening' }
  | { kind: 'done'; shortUrl: string; longUrl: string }
  /** Offline: the link is made when the service can be reached. */
  | { kind: 'queued' }
  /** Refused the permission to read the tab's address. */
  | { kind: 'no-permission' }
  /** The tab is no web page, or was closed. */
  | { kind: 'not-a-page' }
  | { kind: 'invalid-url'; problem: UrlProblem }
  | { kind: 'failed'; error: ErrorView };

const isWebPage = (url: string) => checkDestinationUrl(url).ok;

/**
 * The tab the user came from: the opener of the welcome tab when the browser
 * knows it, else the tab used last before it. Null when there is none, or
 * when its address is known and is no web page (a browser page, a file).
 */
export function cameFromTab(tabs: readonly TabSeen[], selfId: number | undefined, openerId?: number): CameFrom | null {
  const others = tabs.filter((tab): tab is TabSeen & { id: number } => tab.id !== undefined && tab.id !== selfId);
  const opener = openerId === undefined ? undefined : others.find((tab) => tab.id === openerId);
  const last = opener ?? others.reduce<(TabSeen & { id: number }) | undefined>((best, tab) => ((tab.lastAccessed ?? 0) > (best?.lastAccessed ?? -1) ? tab : best), undefined);
  if (last === undefined) return null;
  if (last.url === undefined || last.url === '') return { id: last.id, url: null };
  if (!isWebPage(last.url)) return null;
  const title = last.title?.trim();
  return { id: last.id, url: last.url, title: title ? title : null };
}

export interface FirstRunTryDeps {
  send: Send;
  /** Asks for the `tabs` permission; called at once within the click. */
  requestTabs: () => Promise<boolean>;
  /** The tab as the browser shows it now, or null when it was closed. */
  readTab: (id: number) => Promise<TabSeen | null>;
  onChange: (state: TryState) => void;
}

export function createFirstRunTry(deps: FirstRunTryDeps) {
  let state: TryState = { kind: 'idle' };
  const set = (next: TryState) => {
    state = next;
    deps.onChange(state);
  };

  const shortenUrl = async (url: string) => {
    set({ kind: 'shortening' });
    try {
      const answer = await deps.send('shorten', { url });
      switch (answer.status) {
        case 'done':
          set({ kind: 'done', shortUrl: answer.link.shortUrl, longUrl: answer.link.longUrl });
          return;
        case 'queued':
          set({ kind: 'queued' });
          return;
        case 'invalid-url':
          set({ kind: 'invalid-url', problem: answer.problem });
          return;
        case 'error':
          set({ kind: 'failed', error: answer.error });
          return;
        case 'not-configured':
          set({ kind: 'failed', error: NOT_CONNECTED });
          return;
        default:
          set({ kind: 'failed', error: { kind: 'internal', message: answer.status } });
      }
    } catch {
      set({ kind: 'failed', error: { kind: 'internal', message: '' } });
    }
  };

  return {
    state: () => state,
    /** Call straight from the click: the permission prompt needs the user's gesture. */
    async shorten(tab: CameFrom): Promise<void> {
      if (state.kind === 'shortening') return;
      if (tab.url !== null) return shortenUrl(tab.url);
      const asked = deps.requestTabs();
      let granted = false;
      try {
        granted = await asked;
      } catch {
        // A browser that cannot ask counts as refused.
      }
      if (!granted) return set({ kind: 'no-permission' });
      const now = await deps.readTab(tab.id).catch(() => null);
      if (now?.url === undefined || !isWebPage(now.url)) return set({ kind: 'not-a-page' });
      return shortenUrl(now.url);
    },
  };
}
