/**
 * The popup's state machine, without Preact or the browser: it asks the
 * background (an injected `send`), copies (an injected `copy`) and reports
 * each new model to `onChange`; entrypoints/popup/app.tsx only draws the
 * model. The popup closes the moment it loses focus, so it never calls the
 * service itself (DESIGN.md, Data flow). Reasons are codes; the page words them.
 */
import type { ErrorView, LinkView, Send, ShortenAnswer, ShortenRequest } from '../messaging/send-message';
import { firstStep, keywordOf } from './flow';
import type { Begun } from './start';
import type { TimingMark } from './timing-marks';
import type { UrlProblem } from '../contract/url';

export type CopyState = 'idle' | 'copied' | 'failed';
export type DoneExtra = Omit<Extract<ShortenAnswer, { status: 'done' }>, 'status' | 'link' | 'fromCache'>;
/** Where "Retry now" on a queued link got to. */
export type RetryState = 'idle' | 'retrying' | 'still-waiting' | 'refused' | 'created';

export type PopupView =
  | { kind: 'loading' }
  | { kind: 'not-configured' }
  /** `reason`: the tab's address cannot be shortened, or why the typed one was refused. */
  | { kind: 'ask-url'; url: string; reason?: 'unshortenable' | UrlProblem }
  | { kind: 'working'; url: string }
  | { kind: 'customise'; url: string; taken: string[] | null }
  /** `extra`: what else the background said of a customised link (its tags, the link it replaced). */
  | { kind: 'done'; link: LinkView; fromCache: boolean; copy: CopyState; extra?: DoneExtra }
  | { kind: 'queued'; itemId: string; url: string; retry: RetryState }
  /** `retry`: what "Try again" sends; null when there is nothing to send again. */
  | { kind: 'error'; error: ErrorView; retry: ShortenRequest | null };

export interface PopupModel {
  view: PopupView;
  /**
   * The recent links the local cache holds, shown until the service's list
   * replaces them (components/popup/recent-links.tsx); null while unknown or when
   * not connected (no section).
   */
  recent: LinkView[] | null;
  copyToClipboard: boolean;
}

export interface PopupDeps {
  send: Send;
  /** Writes to the clipboard; false when the browser refused. */
  copy: (text: string) => Promise<boolean>;
  mark: (name: TimingMark) => void;
  onChange: (model: PopupModel) => void;
}

const INTERNAL: ErrorView = { kind: 'internal', message: '' };

export const INITIAL_POPUP: PopupModel = { view: { kind: 'loading' }, recent: null, copyToClipboard: true };

export interface PopupController {
  start(begun: Begun): Promise<void>;
  shorten(request: ShortenRequest): Promise<void>;
  /** A custom keyword (and tags) for the page being customised (or the link just shown); `customDomain`: '' the service's own, absent the default. */
  customise(keyword: string, tags?: string[], customDomain?: string): Promise<void>;
  /** One of the free short URLs the service suggested (on the domain chosen for it). */
  chooseSuggestion(shortUrl: string, tags?: string[], customDomain?: string): Promise<void>;
  copyLink(): Promise<void>;
  /** Sends the queued link again now; its item keeps its idempotency key, so this never makes a second link. */
  retryQueued(): Promise<void>;
  model(): PopupModel;
}

/** The URL a custom keyword applies to, when the view offers one. */
export function customUrlOf(view: PopupView): string | null {
  if (view.kind === 'customise') return view.url;
  if (view.kind === 'done') return view.link.longUrl;
  return null;
}

export function createPopupController(deps: PopupDeps): PopupController {
  let model = INITIAL_POPUP;
  const set = (patch: Partial<PopupModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };
  const setView = (view: PopupView) => set({ view });
  /** The link this popup made (not found in the cache): a customised one replaces it (lib/background/replace-link.ts). */
  let made: LinkView | null = null;

  async function copyText(text: string): Promise<CopyState> {
    try {
      return (await deps.copy(text)) ? 'copied' : 'failed';
    } catch {
      return 'failed';
    }
  }

  async function show(link: LinkView, fromCache: boolean, extra?: DoneExtra): Promise<void> {
    if (!fromCache) made = link;
    setView({ kind: 'done', link, fromCache, copy: 'idle', extra });
    if (model.copyToClipboard) {
      const copy = await copyText(link.shortUrl);
      if (model.view.kind === 'done' && model.view.link === link) setView({ ...model.view, copy });
    }
    deps.mark('ready');
  }

  async function settle(answer: ShortenAnswer, request: ShortenRequest): Promise<void> {
    switch (answer.status) {
      case 'done': {
        const { status: _s, link, fromCache, ...extra } = answer;
        await show(link, fromCache, extra);
        return;
      }
      case 'queued':
        setView({ kind: 'queued', itemId: answer.itemId, url: request.url, retry: 'idle' });
        return;
      case 'keyword-taken':
        setView({ kind: 'customise', url: request.url, taken: answer.recommendedUrls });
        return;
      case 'not-configured':
        setView({ kind: 'not-configured' });
        return;
      case 'invalid-url':
        setView({ kind: 'ask-url', url: request.url, reason: answer.problem });
        return;
      case 'error':
        setView({ kind: 'error', error: answer.error, retry: request });
        return;
    }
  }

  async function shorten(request: ShortenRequest): Promise<void> {
    setView({ kind: 'working', url: request.url });
    let answer: ShortenAnswer;
    try {
      answer = await deps.send('shorten', request);
    } catch {
      setView({ kind: 'error', error: INTERNAL, retry: request });
      return;
    }
    // The recent list asks the service again for the link just made (components/popup/recent-links.tsx).
    await settle(answer, request);
  }

  function custom(keyword: string, tags?: string[], customDomain?: string): ShortenRequest | null {
    const url = customUrlOf(model.view);
    if (url === null) return null;
    const replaces = made?.longUrl === url ? made.linkId : undefined;
    return { url, keywordType: 'CUSTOM', keyword, force: true, tags, replaces, customDomain };
  }

  return {
    model: () => model,

    async start(begun) {
      // Progress while the background makes the link; a quick answer replaces it unseen.
      void begun.shortening.then((url) => {
        if (url !== undefined && model.view.kind === 'loading') setView({ kind: 'working', url });
      });
      try {
        const { target, state } = await begun.start;
        set({ copyToClipboard: state.copyToClipboard, recent: state.configured ? state.recent : null });
        const step = firstStep(state, target);
        switch (step.kind) {
          case 'answered':
            await settle(step.answer, { url: step.url, keywordType: 'HASH' });
            return;
          case 'show-cached':
            await show(step.link, true);
            return;
          case 'shorten':
            await shorten({ url: step.url, keywordType: 'HASH' });
            return;
          case 'customise':
            setView({ kind: 'customise', url: step.url, taken: null });
            return;
          case 'ask-url':
            setView(step.unshortenable ? { kind: 'ask-url', url: step.url, reason: 'unshortenable' } : { kind: 'ask-url', url: step.url });
            return;
          case 'not-configured':
            setView({ kind: 'not-configured' });
            return;
        }
      } catch {
        setView({ kind: 'error', error: INTERNAL, retry: null });
      }
    },

    shorten,

    async customise(keyword, tags, customDomain) {
      const request = custom(keyword, tags, customDomain);
      if (request !== null) await shorten(request);
    },

    async chooseSuggestion(shortUrl, tags, customDomain) {
      const keyword = keywordOf(shortUrl);
      const request = keyword === null ? null : custom(keyword, tags, customDomain);
      if (request !== null) await shorten(request);
    },

    async copyLink() {
      const { view } = model;
      if (view.kind !== 'done') return;
      const copy = await copyText(view.link.shortUrl);
      if (model.view === view) setView({ ...view, copy });
    },

    async retryQueued() {
      const queued = model.view;
      if (queued.kind !== 'queued' || queued.retry === 'retrying') return;
      setView({ ...queued, retry: 'retrying' });
      try {
        const status = await deps.send('retryQueue', {});
        const item = status.items.find((i) => i.id === queued.itemId);
        if (item !== undefined) {
          setView({ ...queued, retry: item.state === 'failed' ? 'refused' : 'still-waiting' });
          return;
        }
        // Sent: the link is in the cache now. Only read it back: asking to
        // shorten again could make a second link if the cache missed.
        const state = await deps.send('popupState', { url: queued.url });
        if (state.cached !== null) {
          set({ recent: state.configured ? state.recent : model.recent });
          await show(state.cached, false);
        } else {
          setView({ ...queued, retry: 'created' });
        }
      } catch {
        setView({ kind: 'error', error: INTERNAL, retry: null });
      }
    },
  };
}
