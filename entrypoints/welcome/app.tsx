/**
 * The first run: opened when the extension is installed
 * (lib/background/first-run.ts). It asks only for what the service needs;
 * the rest of the settings wait in Options.
 */
import { PlugZap } from 'lucide-preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ConnectionForm } from '@/components/options/connection-form';
import { WelcomeDone } from '@/components/options/welcome-done';
import { Card } from '@/components/shared/card';
import { t } from '@/lib/i18n/catalogue';
import { connectionStatusText, draftProblemsText } from '@/lib/i18n/options-text';
import { sendMessage } from '@/lib/messaging/send-message';
import { createWelcome, INITIAL_WELCOME } from '@/lib/options/welcome';

export function App() {
  const [model, setModel] = useState(INITIAL_WELCOME);
  const welcome = useMemo(
    () =>
      createWelcome({
        send: sendMessage,
        requestPermission: (pattern) => browser.permissions.request({ origins: [pattern] }),
        onChange: setModel,
      }),
    [],
  );
  useEffect(() => void welcome.start(), []);
  const { form, done } = model;

  return (
    <div class="welcome-page">
      <header class="welcome-header">
        <img src="/icon/48.png" width={40} height={40} alt="" />
        <h1>{t('firstRunTitle')}</h1>
      </header>
      <main>
        {done !== null ? (
          <WelcomeDone done={done} onOpenSettings={() => void browser.runtime.openOptionsPage()} />
        ) : (
          <Card class="welcome-card">
            <p class="lead">{t('firstRunIntro')}</p>
            <ConnectionForm
              value={form.connection}
              problems={draftProblemsText(form.problems, form.serviceMessage)}
              busy={form.busy || model.loading}
              status={form.status === null ? null : connectionStatusText(form.status)}
              defaultName=""
              checkedAt={form.problems}
              askName={false}
              saveLabel={t('firstRunConnect')}
              saveIcon={PlugZap}
              onChange={welcome.edit}
              onSave={() => void welcome.connect()}
            />
            <p class="hint">{t('firstRunLater')}</p>
          </Card>
        )}
      </main>
    </div>
  );
}
