/**
 * The popup's state machine, without Preact or the browser: it asks the
 * background (an injected `send`), copies (an injected `copy`) and reports
 * each new model to `onChange`; entrypoints/popup/app.tsx only draws the
 * model (lib/popup/popup-view.ts). The popup closes the moment it loses
 * focus, so it never calls the service itself (docs/design.md, Data flow).
 */
import type { LinkView, PopupState, Send, ShortenAnswer, ShortenRequest } from '../messaging/send-message';
import { firstStep } from './flow';
import {
  CUSTOM_IDLE,
  INITIAL_POPUP,
  RESULT_COPY,
  customUrlOf,
  queuedOf,
  type CopyState,
  type CustomState,
  type DoneExtra,
  type PopupModel,
  type PopupView,
  type Queued,
} from './popup-view';
import { madeLink, retryQueuedLink, type RetryOutcome } from './retry-queued';
import type { Begun, EarlyCopy } from './start';
import type { TimingMark } from './timing-marks';

export type * from './popup-view';
export { RESULT_COPY } from './popup-view';

/** How long "Copied" stays on what was copied. */
export const COPIED_MS = 2500;

export interface PopupDeps {
  send: Send;
  /** Writes to the clipboard; false when the browser refused. */
  copy: (text: string) => Promise<boolean>;
  mark: (name: TimingMark) => void;
  onChange: (model: PopupModel) => void;
  /** setTimeout, or a test's clock. */
  later?: (run: () => void, ms: number) => void;
}

const INTERNAL = { kind: 'internal', message: '' } as const;

export interface PopupController {
  start(begun: Begun): Promise<void>;
  shorten(request: ShortenRequest): Promise<void>;
  /**
   * A customised link (keyword, tags, domain, campaign values) for the page being customised or the
   * link shown: `build` (the lazy panel's, lib/popup/custom-request.ts) makes the request from that URL
   * and the link this popup made, which the new one may replace.
   */
  customise(build: (url: string, made: LinkView | null) => ShortenRequest): Promise<void>;
  copyLink(): Promise<void>;
  /** A recent link's Copy: "Copied" moves to that link. */
  copyRecent(link: LinkView): Promise<void>;
  /** The banner's one Retry: a queued link sent again under its key, or a refused request asked again. */
  retry(): Promise<void>;
  /**
   * The queue's status changed (the ids of the items it still holds): a link
   * this popup waits for that has left the queue, made by the background's
   * own sending, is shown.
   */
  queueChanged(itemIds: readonly string[]): Promise<void>;
  /**
   * While a link waits, the page asks now and then whether it was made: an item
   * sent while the status already left it out (in flight) changes nothing there.
   * Only a made link changes the view.
   */
  checkQueued(): Promise<void>;
  /** "Shorten another link": the address field, empty. */
  askUrl(): void;
  /**
   * "Make one here" (another profile has a link to the page) or "Shorten
   * anyway" (the page is itself broken): a link in the active profile, as its defaults say.
   */
  makeHere(): Promise<void>;
  model(): PopupModel;
}

export function createPopupController(deps: PopupDeps): PopupController {
  const later = deps.later ?? ((run: () => void, ms: number) => void setTimeout(run, ms));
  let model = INITIAL_POPUP;
  const set = (patch: Partial<PopupModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };
  const setView = (view: PopupView) => set({ view });
  const setCustom = (custom: CustomState) => {
    const { view } = model;
    if (view.kind === 'done' || view.kind === 'customise') setView({ ...view, custom });
  };
  /** The user's default keyword type, from the opening state: what "Make one here" makes. */
  let keywordType: PopupState['keywordType'] = 'HASH';
  /** The link this popup made (not found in the cache): a customised one replaces it (lib/background/links/replace-link.ts). */
  let made: LinkView | null = null;

  async function copyAs(key: string, text: string, early?: EarlyCopy): Promise<CopyState> {
    let state: CopyState;
    try {
      // A copy begun before the page loaded counts; if the clipboard refused it then, this is the second try.
      const copiedEarly = early?.text === text && (await early.done);
      state = copiedEarly || (await deps.copy(text)) ? 'copied' : 'failed';
    } catch {
      state = 'failed';
    }
    const copied = { key, state };
    set({ copied });
    if (state === 'copied') later(() => model.copied === copied && set({ copied: null }), COPIED_MS);
    return state;
  }

  async function show(link: LinkView, fromCache: boolean, extra?: DoneExtra, early?: EarlyCopy): Promise<void> {
    if (!fromCache) made = link;
    setView({ kind: 'done', link, fromCache, extra, custom: CUSTOM_IDLE });
    if (model.copyToClipboard) await copyAs(RESULT_COPY, link.shortUrl, early);
    deps.mark('ready');
  }

  const queuedFrom = (answer: Extract<ShortenAnswer, { status: 'queued' }>, url: string): Queued => ({
    itemId: answer.itemId,
    url,
    retry: 'idle',
    outcomeUnknown: answer.outcomeUnknown === true,
  });

  /** The answer to a plain shorten: it replaces whatever was shown. */
  async function settle(answer: ShortenAnswer, request: ShortenRequest): Promise<void> {
    switch (answer.status) {
      case 'done': {
        const { status: _s, link, fromCache, ...extra } = answer;
        return show(link, fromCache, extra);
      }
      case 'queued':
        return setView({ kind: 'queued', ...queuedFrom(answer, request.url) });
      case 'keyword-taken':
        return setView({ kind: 'customise', url: request.url, custom: { state: 'taken', urls: answer.recommendedUrls } });
      case 'not-configured':
        return setView({ kind: 'not-configured' });
      case 'invalid-url':
        return setView({ kind: 'ask-url', url: request.url, reason: answer.problem });
      case 'error':
        return setView({ kind: 'error', error: answer.error, retry: request });
    }
  }

  /** The answer to a customised link: until it is made, what was shown stays. */
  async function settleCustom(answer: ShortenAnswer, request: ShortenRequest): Promise<void> {
    switch (answer.status) {
      case 'queued':
        return setCustom({ state: 'queued', queued: queuedFrom(answer, request.url) });
      case 'keyword-taken':
        return setCustom({ state: 'taken', urls: answer.recommendedUrls });
      case 'error':
        return setCustom({ state: 'error', error: answer.error, retry: request });
      default:
        return settle(answer, request);
    }
  }

  async function ask(request: ShortenRequest): Promise<ShortenAnswer> {
    try {
      return await deps.send('shorten', request);
    } catch {
      return { status: 'error', error: INTERNAL };
    }
  }

  async function shorten(request: ShortenRequest): Promise<void> {
    setView({ kind: 'working', url: request.url });
    await settle(await ask(request), request);
  }

  async function sendCustom(request: ShortenRequest): Promise<void> {
    setCustom({ state: 'saving' });
    await settleCustom(await ask(request), request);
  }

  /** A waiting link's state, where the popup shows it: the result, or the customise panel. */
  const putQueued = (next: Queued) => (model.view.kind === 'queued' ? setView({ kind: 'queued', ...next }) : setCustom({ state: 'queued', queued: next }));

  /** The waiting item left the queue while a retry was under way (the retry may have read it still there). */
  let leftDuringRetry = false;

  async function retryQueued(): Promise<void> {
    const queued = queuedOf(model.view);
    if (queued === null || queued.retry === 'retrying') return;
    leftDuringRetry = false;
    putQueued({ ...queued, retry: 'retrying' });
    let outcome = await retryQueuedLink(deps.send, queued);
    // No later change of the queue would come to say it left: read the link now.
    if (leftDuringRetry && outcome.kind === 'retry' && outcome.retry === 'still-waiting') {
      outcome = await madeLink(deps.send, queued).catch((): RetryOutcome => ({ kind: 'failed' }));
    }
    leftDuringRetry = false;
    await settleQueued(queued, outcome);
  }

  async function settleQueued(queued: Queued, outcome: RetryOutcome): Promise<void> {
    if (outcome.kind === 'made') {
      if (outcome.recent !== null) set({ recent: outcome.recent });
      return show(outcome.link, false);
    }
    if (outcome.kind === 'retry') return putQueued({ ...queued, retry: outcome.retry });
    setView({ kind: 'error', error: INTERNAL, retry: null });
  }

  return {
    model: () => model,

    async start(begun) {
      // Progress while the background makes the link; a quick answer replaces it unseen.
      void begun.shortening.then((url) => {
        if (url !== undefined && model.view.kind === 'loading') setView({ kind: 'working', url });
      });
      try {
        // Already answered (see Begun.settled): decided now, so the page's first render shows the link.
        const { target, state, copying } = begun.settled?.() ?? (await begun.start);
        set({ copyToClipboard: state.copyToClipboard, recent: state.configured ? state.recent : null });
        keywordType = state.keywordType;
        const step = firstStep(state, target);
        switch (step.kind) {
          case 'answered':
            return await settle(step.answer, { url: step.url, keywordType: 'HASH' });
          case 'show-cached':
            return await show(step.link, true, undefined, copying);
          case 'elsewhere':
            setView({ kind: 'elsewhere', url: step.url, profile: step.profile, link: step.link });
            return deps.mark('ready');
          case 'page-problem':
            setView({ kind: 'page-problem', url: step.url, problem: step.problem });
            return deps.mark('ready');
          case 'shorten':
            return await shorten({ url: step.url, keywordType: 'HASH' });
          case 'customise':
            return setView({ kind: 'customise', url: step.url, custom: CUSTOM_IDLE });
          case 'ask-url':
            return setView(step.unshortenable ? { kind: 'ask-url', url: step.url, reason: 'unshortenable' } : { kind: 'ask-url', url: step.url });
          case 'not-configured':
            return setView({ kind: 'not-configured' });
        }
      } catch {
        setView({ kind: 'error', error: INTERNAL, retry: null });
      }
    },

    shorten,

    async customise(build) {
      const url = customUrlOf(model.view);
      if (url !== null) await sendCustom(build(url, made));
    },

    async copyLink() {
      const { view } = model;
      if (view.kind === 'done' || view.kind === 'elsewhere') await copyAs(RESULT_COPY, view.link.shortUrl);
    },

    async makeHere() {
      const { view } = model;
      if (view.kind !== 'elsewhere' && view.kind !== 'page-problem') return;
      if (keywordType === 'CUSTOM') return setView({ kind: 'customise', url: view.url, custom: CUSTOM_IDLE });
      await shorten({ url: view.url, keywordType: 'HASH' });
    },

    async copyRecent(link) {
      await copyAs(link.linkId, link.shortUrl);
    },

    async retry() {
      const { view } = model;
      if (queuedOf(view) !== null) return retryQueued();
      if (view.kind === 'error' && view.retry !== null) return shorten(view.retry);
      if ((view.kind === 'done' || view.kind === 'customise') && view.custom.state === 'error') return sendCustom(view.custom.retry);
    },

    async queueChanged(itemIds) {
      const queued = queuedOf(model.view);
      if (queued === null || itemIds.includes(queued.itemId)) return;
      // A retry under way settles the view itself, knowing the item has left.
      if (queued.retry === 'retrying') {
        leftDuringRetry = true;
        return;
      }
      await settleQueued(queued, await madeLink(deps.send, queued).catch((): RetryOutcome => ({ kind: 'failed' })));
    },

    async checkQueued() {
      const queued = queuedOf(model.view);
      if (queued === null || queued.retry === 'retrying') return;
      const outcome = await madeLink(deps.send, queued).catch((): RetryOutcome => ({ kind: 'failed' }));
      // Still this link waiting (nothing else chosen meanwhile), and made: shown.
      if (outcome.kind === 'made' && queuedOf(model.view)?.itemId === queued.itemId) await settleQueued(queued, outcome);
    },

    askUrl() {
      setView({ kind: 'ask-url', url: '' });
    },
  };
}
