/**
 * The first run: opened when the extension is installed
 * (lib/background/first-run.ts). It asks only for what the service needs:
 * the connection code the service printed, or behind "Enter them one by one"
 * its address, token and workspace; the rest of the settings wait in Options. Once connected it shows how to
 * pin the extension, the shortcuts' keys in force, and "Shorten this page"
 * for the tab the user came from (lib/options/first-run-try.ts).
 */
import { PlugZap } from 'lucide-preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ConnectionCodeForm } from '@/components/options/connection-code-form';
import { ConnectionForm } from '@/components/options/connection-form';
import { WelcomeDone } from '@/components/options/welcome-done';
import { Card } from '@/components/shared/card';
import { t } from '@/lib/i18n/catalogue';
import { codeProblemText, codeStatusText, connectionStatusText, draftProblemsText } from '@/lib/options/options-text';
import { shortcutKeys, type ShortcutKeys } from '@/lib/menus/shortcut-keys';
import { sendMessage } from '@/lib/messaging/send-message';
import { cameFromTab, createFirstRunTry, type CameFrom, type TryState } from '@/lib/options/first-run-try';
import { createWelcome, INITIAL_WELCOME } from '@/lib/options/welcome';

/** The tab the user came from, read once as the page opens (before the user moves on). */
async function findCameFrom(): Promise<CameFrom | null> {
  const self = await browser.tabs.getCurrent();
  const tabs = await browser.tabs.query({});
  return cameFromTab(tabs, self?.id, self?.openerTabId);
}

export function App() {
  const [model, setModel] = useState(INITIAL_WELCOME);
  const [keys, setKeys] = useState<ShortcutKeys | null>(null);
  const [cameFrom, setCameFrom] = useState<CameFrom | null>(null);
  const [tryState, setTryState] = useState<TryState>({ kind: 'idle' });
  const welcome = useMemo(
    () =>
      createWelcome({
        send: sendMessage,
        requestPermission: (pattern) => browser.permissions.request({ origins: [pattern] }),
        onChange: setModel,
      }),
    [],
  );
  const trial = useMemo(
    () =>
      createFirstRunTry({
        send: sendMessage,
        requestTabs: () => browser.permissions.request({ permissions: ['tabs'] }),
        readTab: (id) => browser.tabs.get(id).catch(() => null),
        onChange: setTryState,
      }),
    [],
  );
  useEffect(() => {
    void welcome.start();
    findCameFrom().then(setCameFrom, () => setCameFrom(null));
    browser.commands.getAll().then(
      (commands) => setKeys(shortcutKeys(commands)),
      () => setKeys(shortcutKeys([])),
    );
  }, []);
  const { form, done, path } = model;
  const busy = form.busy || model.loading;

  return (
    <div class="welcome-page">
      <header class="welcome-header">
        <img src="/icon/48.png" width={40} height={40} alt="" />
        <h1>{t('firstRunTitle')}</h1>
      </header>
      <main>
        {done !== null ? (
          <WelcomeDone
            done={done}
            browserKind={import.meta.env.FIREFOX ? 'firefox' : 'chromium'}
            keys={keys}
            cameFrom={cameFrom}
            tryState={tryState}
            onTry={(tab) => void trial.shorten(tab)}
            onOpenSettings={() => void browser.runtime.openOptionsPage()}
          />
        ) : (
          <Card class="welcome-card">
            <p class="lead">{t('firstRunIntro')}</p>
            <ConnectionCodeForm
              value={model.code}
              problem={model.codeProblem === null ? null : codeProblemText(model.codeProblem)}
              busy={busy}
              status={path !== 'code' || form.status === null ? null : codeStatusText(form.status)}
              checkedAt={model.checks.code}
              onChange={welcome.editCode}
              onConnect={() => void welcome.connectCode()}
            />
            <details class="welcome-by-one">
              <summary>{t('firstRunByOne')}</summary>
              <p class="hint">{t('firstRunByOneIntro')}</p>
              <ConnectionForm
                value={form.connection}
                problems={path === 'fields' ? draftProblemsText(form.problems, form.serviceMessage) : {}}
                busy={busy}
                status={path !== 'fields' || form.status === null ? null : connectionStatusText(form.status)}
                defaultName=""
                checkedAt={model.checks.fields}
                askName={false}
                saveLabel={t('firstRunConnect')}
                saveIcon={PlugZap}
                onChange={welcome.edit}
                onSave={() => void welcome.connect()}
              />
            </details>
            <p class="hint">{t('firstRunLater')}</p>
          </Card>
        )}
      </main>
    </div>
  );
}
