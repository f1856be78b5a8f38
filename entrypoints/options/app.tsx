/**
 * The options page's container: reads and saves settings through the
 * background, asks for the service's host permission in the Save click (the
 * browser shows that prompt only during a user gesture), and follows the
 * offline queue.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ConnectionForm, type Status } from '@/components/connection-form';
import { DefaultsForm } from '@/components/defaults-form';
import { QueueList } from '@/components/queue-list';
import { originPatternOf } from '@/lib/host-permission';
import { t } from '@/lib/i18n';
import {
  sendMessage,
  type ConnectionField,
  type ConnectionInput,
  type PreferencesView,
  type QueueStatus,
  type TestConnectionAnswer,
} from '@/lib/messages';

const EMPTY: ConnectionInput = { baseUrl: '', token: '', workspaceId: '' };

function testText(answer: TestConnectionAnswer, workspaceId: string): Status {
  if (answer.ok) return { tone: 'ok', text: t('testOk', answer.workspaceId, answer.linkCount) };
  switch (answer.problem) {
    case 'not-configured':
      return { tone: 'error', text: t('testNotConfigured') };
    case 'no-permission':
      return { tone: 'error', text: t('testNoPermission') };
    case 'unreachable':
      return { tone: 'error', text: t('testUnreachable') };
    case 'timeout':
      return { tone: 'error', text: t('testTimeout') };
    case 'refused-token':
      return { tone: 'error', text: t('testRefusedToken') };
    case 'workspace-not-granted':
      return { tone: 'error', text: `${t('testWorkspaceNotGranted')} (${workspaceId})` };
    case 'invalid-response':
      return { tone: 'error', text: t('testInvalidResponse') };
    case 'service-error':
      return { tone: 'error', text: t('testServiceError', answer.message ?? '') };
  }
}

/** Problems the page can see before anything is sent; the background checks the rest. */
function quickProblems(value: ConnectionInput): Partial<Record<ConnectionField, string>> {
  const problems: Partial<Record<ConnectionField, string>> = {};
  if (originPatternOf(value.baseUrl.trim()) === null) problems.baseUrl = t('fieldBaseUrlInvalid');
  if (value.token.trim() === '') problems.token = t('fieldRequired');
  if (value.workspaceId.trim() === '') problems.workspaceId = t('fieldRequired');
  return problems;
}

export function App() {
  const [connection, setConnection] = useState<ConnectionInput>(EMPTY);
  const [saved, setSaved] = useState<ConnectionInput | null>(null);
  const [problems, setProblems] = useState<Partial<Record<ConnectionField, string>>>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [prefs, setPrefs] = useState<PreferencesView | null>(null);
  const [prefsStatus, setPrefsStatus] = useState<Status | null>(null);
  const [queue, setQueue] = useState<QueueStatus | null>(null);
  const [retrying, setRetrying] = useState(false);

  const refreshQueue = () => {
    sendMessage('queueStatus', {}).then(setQueue, () => undefined);
  };

  useEffect(() => {
    sendMessage('getSettings', {}).then(
      (settings) => {
        if (settings.connection) {
          setConnection(settings.connection);
          setSaved(settings.connection);
        }
        setPrefs(settings.preferences);
      },
      () => setStatus({ tone: 'error', text: t('errorInternal') }),
    );
    refreshQueue();
    // The queue lives in the background, which rewrites `queueStatus` in
    // local storage on every change (attempts and errors included): that
    // write is the cue to look again.
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && 'queueStatus' in changes) refreshQueue();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);

  /** Must be called straight from the click: the permission prompt needs the user's gesture. */
  function save(): Promise<boolean> {
    const value = {
      baseUrl: connection.baseUrl.trim(),
      token: connection.token.trim(),
      workspaceId: connection.workspaceId.trim(),
    };
    const found = quickProblems(value);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setStatus({ tone: 'error', text: t('fixFields') });
      return Promise.resolve(false);
    }
    const pattern = originPatternOf(value.baseUrl) as string;
    const granted = browser.permissions.request({ origins: [pattern] }).catch(() => false);
    setBusy(true);
    setStatus({ tone: 'progress', text: t('saving') });
    return (async () => {
      try {
        const answer = await sendMessage('saveConnection', value);
        if (!answer.ok) {
          setProblems(answer.problems);
          setStatus({ tone: 'error', text: t('fixFields') });
          return false;
        }
        setSaved(value);
        setConnection(value);
        const ok = await granted;
        setStatus(ok ? { tone: 'ok', text: t('saved') } : { tone: 'error', text: t('savedNoPermission', new URL(value.baseUrl).origin) });
        refreshQueue();
        return ok;
      } catch {
        setStatus({ tone: 'error', text: t('errorInternal') });
        return false;
      } finally {
        setBusy(false);
      }
    })();
  }

  async function test() {
    const dirty =
      saved === null ||
      saved.baseUrl !== connection.baseUrl.trim() ||
      saved.token !== connection.token.trim() ||
      saved.workspaceId !== connection.workspaceId.trim();
    // Unsaved edits are saved first, so the test checks what is on screen.
    if (dirty && !(await save())) return;
    setBusy(true);
    setStatus({ tone: 'progress', text: t('testing') });
    try {
      setStatus(testText(await sendMessage('testConnection', {}), connection.workspaceId.trim()));
    } catch {
      setStatus({ tone: 'error', text: t('errorInternal') });
    } finally {
      setBusy(false);
    }
  }

  async function savePrefs() {
    if (!prefs) return;
    const answer = await sendMessage('savePreferences', prefs).catch(() => null);
    setPrefsStatus(
      answer?.ok ? { tone: 'ok', text: t('saved') } : { tone: 'error', text: answer ? answer.problem : t('errorInternal') },
    );
  }

  async function retry() {
    setRetrying(true);
    try {
      setQueue(await sendMessage('retryQueue', {}));
    } finally {
      setRetrying(false);
    }
  }

  return (
    <>
      <h1>{t('optionsTitle')}</h1>
      <section aria-labelledby="connection-heading">
        <h2 id="connection-heading">{t('connectionHeading')}</h2>
        <p class="muted">{t('connectionIntro')}</p>
        <ConnectionForm
          value={connection}
          problems={problems}
          busy={busy}
          status={status}
          onChange={setConnection}
          onSave={() => void save()}
          onTest={() => void test()}
        />
      </section>
      <section aria-labelledby="defaults-heading">
        <h2 id="defaults-heading">{t('defaultsHeading')}</h2>
        {prefs ? (
          <DefaultsForm value={prefs} status={prefsStatus} onChange={setPrefs} onSave={() => void savePrefs()} />
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </section>
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading">{t('queueHeading')}</h2>
        <p class="muted">{t('queueIntro')}</p>
        {queue ? (
          <QueueList
            status={queue}
            busy={retrying}
            onRetry={() => void retry()}
            onDiscard={(id) => void sendMessage('discardQueueItem', { id }).then(setQueue)}
          />
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </section>
    </>
  );
}
