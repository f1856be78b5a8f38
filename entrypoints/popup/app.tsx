/**
 * The popup's container: it talks to the background and the clipboard; the
 * components it renders only draw. The popup closes the moment it loses
 * focus, so it never calls the service itself (DESIGN.md, Data flow).
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/error-notice';
import { KeywordForm } from '@/components/keyword-form';
import { LinkList } from '@/components/link-list';
import { ShortLinkResult, type CopyState } from '@/components/short-link-result';
import { UrlForm } from '@/components/url-form';
import { t } from '@/lib/i18n';
import { urlProblemText } from '@/lib/url-problem-text';
import {
  sendMessage,
  type ErrorView,
  type PopupState,
  type RecentLinkView,
  type ShortenAnswer,
  type ShortenRequest,
  type ShortLinkView,
} from '@/lib/messages';
import { firstStep, keywordOf, shortenable, targetFromPage } from '@/lib/popup-flow';
import { localPopupState, readLocalSettings } from '@/lib/popup-local';

/** Set when the short link is on screen (and copied, if the user wants that); read by the timing bench. */
export const READY_MARK = 'shortlink:ready';

type View =
  | { kind: 'loading' }
  | { kind: 'not-configured' }
  | { kind: 'ask-url'; url: string; message?: string }
  | { kind: 'working'; url: string }
  | { kind: 'customise'; url: string; taken: string[] | null }
  | { kind: 'done'; link: ShortLinkView; fromCache: boolean }
  | { kind: 'queued' }
  | { kind: 'error'; error: ErrorView; retry: ShortenRequest };

const INTERNAL: ErrorView = { kind: 'internal', message: '' };

/**
 * Where the popup is: the toolbar popup (no query string) reads the active
 * tab; the tab form (`?url=`) only needs to know it is a tab.
 */
async function activeTabUrl(): Promise<{ openedAsTab: boolean; url: string | undefined }> {
  if (location.search !== '' && (await browser.tabs.getCurrent()) !== undefined) {
    return { openedAsTab: true, url: undefined };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return { openedAsTab: false, url: tab?.url };
}

export interface Start {
  target: string | undefined;
  state: PopupState;
}

export interface Begun {
  /** Resolves with the URL once the background is asked to shorten it (undefined: it is not). */
  shortening: Promise<string | undefined>;
  start: Promise<Start>;
}

/**
 * The popup's first questions, asked before the first render (main.tsx) so
 * they overlap it. With a shortenable page the background is asked at once
 * to shorten it (it applies the user's defaults, so one round trip gives
 * the link) while local storage is checked for a link made before
 * (lib/popup-local.ts), which wins when there is one.
 */
export function begin(): Begun {
  let announce: (url: string | undefined) => void = () => undefined;
  const shortening = new Promise<string | undefined>((resolve) => {
    announce = resolve;
  });
  const start = (async (): Promise<Start> => {
    const settings = readLocalSettings().catch(() => null);
    const tab = await activeTabUrl();
    const target = targetFromPage(location.search, tab.openedAsTab, tab.url);
    if (!shortenable(target)) {
      return { target, state: await sendMessage('popupState', target === undefined ? {} : { url: target }) };
    }
    // The local cache and the background are asked together: a page
    // shortened before is answered locally (the background finds the same
    // link in the same cache, with no request), and a new one does not wait
    // for the local miss before the background starts on it.
    // Marks for the timing bench's breakdown (test/bench/popup-timing.bench.ts).
    performance.mark('shortlink:asked');
    const remote = sendMessage('popupState', { url: target, shortenNow: true }).then((state) => {
      performance.mark('shortlink:answered');
      return state;
    });
    const stored = await settings;
    const local = stored === null ? null : await localPopupState(stored, target).catch(() => null);
    if (local !== null) {
      remote.catch(() => undefined);
      return { target, state: local };
    }
    announce(stored?.preferences?.autoShorten !== false ? target : undefined);
    return { target, state: await remote };
  })();
  start.then(
    () => announce(undefined),
    () => announce(undefined),
  );
  return { shortening, start };
}

async function copyText(text: string): Promise<CopyState> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export function App({ begun }: { begun: Begun }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [state, setState] = useState<PopupState | null>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const [copiedRecent, setCopiedRecent] = useState<string | null>(null);

  async function show(link: ShortLinkView, fromCache: boolean, copy: boolean) {
    setView({ kind: 'done', link, fromCache });
    setCopyState(copy ? await copyText(link.shortUrl) : 'idle');
    performance.mark(READY_MARK);
  }

  async function shorten(request: ShortenRequest, copy: boolean) {
    setView({ kind: 'working', url: request.url });
    let answer: ShortenAnswer;
    try {
      answer = await sendMessage('shorten', request);
    } catch {
      setView({ kind: 'error', error: INTERNAL, retry: request });
      return;
    }
    await settle(answer, request, copy);
    if (answer.status === 'done') void refreshRecent();
  }

  async function settle(answer: ShortenAnswer, request: ShortenRequest, copy: boolean) {
    switch (answer.status) {
      case 'done':
        await show(answer.link, answer.fromCache, copy);
        return;
      case 'queued':
        setView({ kind: 'queued' });
        return;
      case 'keyword-taken':
        setView({ kind: 'customise', url: request.url, taken: answer.recommendedUrls });
        return;
      case 'not-configured':
        setView({ kind: 'not-configured' });
        return;
      case 'invalid-url':
        setView({ kind: 'ask-url', url: request.url, message: urlProblemText(answer.problem) });
        return;
      case 'error':
        setView({ kind: 'error', error: answer.error, retry: request });
        return;
    }
  }

  async function refreshRecent() {
    try {
      const recent = await sendMessage('recentLinks', { limit: 5 });
      setState((s) => (s ? { ...s, recent } : s));
    } catch {
      // The list is a convenience; the link itself is already on screen.
    }
  }

  useEffect(() => {
    // Progress while the background makes the link; a quick answer replaces it unseen.
    void begun.shortening.then((url) => {
      if (url !== undefined) setView((v) => (v.kind === 'loading' ? { kind: 'working', url } : v));
    });
    void (async () => {
      try {
        const { target, state: popupState } = await begun.start;
        setState(popupState);
        const step = firstStep(popupState, target);
        switch (step.kind) {
          case 'answered':
            await settle(step.answer, { url: step.url, keywordType: 'HASH' }, popupState.copyToClipboard);
            return;
          case 'show-cached':
            await show(step.link, true, popupState.copyToClipboard);
            return;
          case 'shorten':
            await shorten({ url: step.url, keywordType: 'HASH' }, popupState.copyToClipboard);
            return;
          case 'customise':
            setView({ kind: 'customise', url: step.url, taken: null });
            return;
          case 'ask-url':
            setView({ kind: 'ask-url', url: step.url, message: step.unshortenable ? t('cannotShortenTab') : undefined });
            return;
          case 'not-configured':
            setView({ kind: 'not-configured' });
            return;
        }
      } catch {
        setView({ kind: 'error', error: INTERNAL, retry: { url: '' } });
      }
    })();
  }, []);

  const copy = state?.copyToClipboard ?? true;
  const openSettings = () => {
    void browser.runtime.openOptionsPage();
    window.close();
  };
  const customUrl = view.kind === 'customise' || view.kind === 'done' ? (view.kind === 'done' ? view.link.longUrl : view.url) : null;

  return (
    <>
      <h1>{t('extensionName')}</h1>
      {view.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {view.kind === 'working' && (
        <p role="status" aria-busy="true">
          {t('shortening')} <span class="muted url">{view.url}</span>
        </p>
      )}
      {view.kind === 'not-configured' && (
        <div>
          <p>{t('notConfigured')}</p>
          <button type="button" class="primary" onClick={openSettings}>{t('openSettings')}</button>
        </div>
      )}
      {view.kind === 'ask-url' && (
        <UrlForm
          initialUrl={view.url}
          message={view.message}
          busy={false}
          onSubmit={(url) => void shorten({ url, keywordType: 'HASH' }, copy)}
        />
      )}
      {view.kind === 'done' && (
        <ShortLinkResult
          link={view.link}
          fromCache={view.fromCache}
          copyState={copyState}
          onCopy={() => void copyText(view.link.shortUrl).then(setCopyState)}
        />
      )}
      {view.kind === 'queued' && (
        <div role="status">
          <p class="warn">{t('queuedTitle')}</p>
          <p class="muted">{t('queuedDetail')}</p>
        </div>
      )}
      {view.kind === 'error' && (
        <ErrorNotice
          error={view.error}
          onRetry={view.retry.url === '' ? undefined : () => void shorten(view.retry, copy)}
          onOpenSettings={openSettings}
        />
      )}
      {customUrl !== null && (
        <details open={view.kind === 'customise'}>
          <summary>{t('customise')}</summary>
          <KeywordForm
            busy={false}
            taken={view.kind === 'customise' ? view.taken : null}
            onSubmit={(keyword) => void shorten({ url: customUrl, keywordType: 'CUSTOM', keyword, force: true }, copy)}
            onChoose={(shortUrl) => {
              const keyword = keywordOf(shortUrl);
              if (keyword !== null) void shorten({ url: customUrl, keywordType: 'CUSTOM', keyword, force: true }, copy);
            }}
          />
        </details>
      )}
      {state?.configured && (
        <section class="recent" aria-labelledby="recent-heading">
          <h2 id="recent-heading">{t('recentLinks')}</h2>
          <LinkList
            links={state.recent}
            copiedId={copiedRecent}
            onCopy={(link: RecentLinkView) =>
              void copyText(link.shortUrl).then((result) => setCopiedRecent(result === 'copied' ? link.linkId : null))
            }
          />
        </section>
      )}
    </>
  );
}
