/**
 * The popup: draws the model of lib/popup/controller.ts and hands clicks to
 * it. The state machine (cache versus background, shorten, customise, retry)
 * lives there, unit-tested without a browser.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/shared/error-notice';
import { CustomiseLazy } from '@/components/popup/customise-lazy';
import { QueuedNotice } from '@/components/popup/queued-notice';
import { ShortLinkResult } from '@/components/popup/short-link-result';
import { UrlForm } from '@/components/popup/url-form';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import { openStats, type TabRef } from '@/lib/browser/open-stats';
import { createPopupController, customUrlOf, INITIAL_POPUP } from '@/lib/popup/controller';
import type { Begun } from '@/lib/popup/start';
import { mark } from '@/lib/popup/timing-marks';
import { urlProblemText } from '@/lib/i18n/url-problem-text';

async function copyToClipboard(text: string): Promise<boolean> {
  await navigator.clipboard.writeText(text);
  return true;
}

interface AppProps {
  begun: Begun;
  /** The tab the popup is about (main.tsx), read at the click. */
  statsTab: () => TabRef | undefined;
}

export function App({ begun, statsTab }: AppProps) {
  const [model, setModel] = useState(INITIAL_POPUP);
  const popup = useMemo(() => createPopupController({ send: sendMessage, copy: copyToClipboard, mark, onChange: setModel }), []);
  useEffect(() => void popup.start(begun), []);

  const { view } = model;
  const customUrl = customUrlOf(view);
  const tryAgain = view.kind === 'error' ? view.retry : null;
  const openSettings = () => {
    void browser.runtime.openOptionsPage();
    window.close();
  };
  // Synchronous from the click: the panel opens only within the user's gesture (lib/browser/open-stats.ts).
  // The popup closes once the panel (or the tab) shows the stats, as it would on losing focus.
  const showStats = (linkId: string) => {
    void openStats(linkId, statsTab()).then(() => window.close(), () => undefined);
  };

  return (
    <>
      <h1>{t('extensionName')}</h1>
      {/* A page of its own (entrypoints/switch): nothing of the switcher is in this first load. */}
      <a href="switch.html">{t('profilesSwitcherOpen')}</a>
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
          message={view.reason === undefined ? undefined : view.reason === 'unshortenable' ? t('cannotShortenTab') : urlProblemText(view.reason)}
          busy={false}
          onSubmit={(url) => void popup.shorten({ url, keywordType: 'HASH' })}
        />
      )}
      {view.kind === 'done' && (
        <ShortLinkResult
          link={view.link}
          fromCache={view.fromCache}
          copyState={view.copy}
          onCopy={() => void popup.copyLink()}
          onStats={() => showStats(view.link.linkId)}
        />
      )}
      {view.kind === 'queued' && <QueuedNotice retry={view.retry} onRetry={() => void popup.retryQueued()} />}
      {view.kind === 'error' && (
        <ErrorNotice
          error={view.error}
          onRetry={tryAgain === null ? undefined : () => void popup.shorten(tryAgain)}
          onOpenSettings={openSettings}
        />
      )}
      {/* Kept while a customised link is made, so what was typed and ticked survives "keyword taken". */}
      {(customUrl !== null || view.kind === 'working') && (
        <CustomiseLazy
          open={view.kind === 'customise'}
          busy={customUrl === null}
          send={sendMessage}
          link={view.kind === 'done' ? view.link : null}
          taken={view.kind === 'customise' ? view.taken : null}
          extra={view.kind === 'done' ? view.extra : undefined}
          onCreate={(keyword, tags, domain) => void popup.customise(keyword, tags, domain)}
          onChoose={(shortUrl, tags, domain) => void popup.chooseSuggestion(shortUrl, tags, domain)}
        />
      )}
      {/*
        The recent links, a page of their own (entrypoints/recent/) in a frame: their code loads only
        now, and the popup's first load carries none of it, not even the loader a dynamic import
        brings (0.5 KB gzip, measured). Added once the result is shown and copied (a frame loading
        beside it slows both down); out while a link is being made, back once it is shown, so the
        list then loads with that link in it. A row's Stats arrives as a `stats` event on the frame
        (detail: the link id), dispatched inside the click, so the panel opens within the user's
        gesture, for this popup's tab. Preact listens for `on`-props by name; JSX types know only
        DOM events, hence the spread.
      */}
      {model.recent !== null &&
        view.kind !== 'loading' &&
        view.kind !== 'working' &&
        !(view.kind === 'done' && view.copy === 'idle' && model.copyToClipboard) && (
          <iframe
            class="recent-frame"
            src="recent.html"
            title={t('recentLinks')}
            {...{ onstats: (e: CustomEvent<string>) => showStats(e.detail) }}
          />
        )}
    </>
  );
}
