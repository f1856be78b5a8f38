/**
 * The options page: draws the model of lib/options-controller.ts (save,
 * test, unsaved edits, defaults, the offline queue) and hands clicks to it.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ConnectionForm } from '@/components/connection-form';
import { DefaultsForm } from '@/components/defaults-form';
import { QueueList } from '@/components/queue-list';
import type { ConnectionField } from '@/lib/connection-rules';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages';
import { createOptionsController, INITIAL_OPTIONS } from '@/lib/options-controller';
import { connectionProblemText, connectionStatusText } from '@/lib/options-text';

/**
 * The queue lives in the background, which rewrites `queueStatus` in local
 * storage on every change (attempts and errors included): that write is the
 * cue to look again.
 */
function watchQueue(changed: () => void): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && 'queueStatus' in changes) changed();
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

const requestPermission = (pattern: string) => browser.permissions.request({ origins: [pattern] });

export function App() {
  const [model, setModel] = useState(INITIAL_OPTIONS);
  const options = useMemo(
    () => createOptionsController({ send: sendMessage, requestPermission, watchQueue, onChange: setModel }),
    [],
  );
  useEffect(() => options.start(), []);
  useEffect(() => {
    // Closing the page would lose typed edits: the browser asks first.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (options.unsaved()) event.preventDefault();
    };
    addEventListener('beforeunload', onBeforeUnload);
    return () => removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const problems: Partial<Record<ConnectionField, string>> = {};
  for (const [field, problem] of Object.entries(model.problems)) problems[field as ConnectionField] = connectionProblemText(problem);
  const prefsStatus =
    model.prefsStatus === null
      ? null
      : model.prefsStatus === 'saved'
        ? { tone: 'ok' as const, text: t('saved') }
        : { tone: 'error' as const, text: t('errorInternal') };

  return (
    <>
      <h1>{t('optionsTitle')}</h1>
      <section aria-labelledby="connection-heading">
        <h2 id="connection-heading">{t('connectionHeading')}</h2>
        <p class="muted">{t('connectionIntro')}</p>
        <ConnectionForm
          value={model.connection}
          problems={problems}
          busy={model.busy}
          status={model.status === null ? null : connectionStatusText(model.status)}
          onChange={options.edit}
          onSave={() => void options.save()}
          onTest={() => void options.test()}
        />
      </section>
      <section aria-labelledby="defaults-heading">
        <h2 id="defaults-heading">{t('defaultsHeading')}</h2>
        {model.prefs ? (
          <DefaultsForm value={model.prefs} status={prefsStatus} onChange={options.editPrefs} onSave={() => void options.savePrefs()} />
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </section>
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading">{t('queueHeading')}</h2>
        <p class="muted">{t('queueIntro')}</p>
        {model.queue ? (
          <QueueList
            status={model.queue}
            now={Date.now()}
            busy={model.retrying}
            onRetry={() => void options.retryQueue()}
            onDiscard={(id) => void options.discard(id)}
          />
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </section>
    </>
  );
}
