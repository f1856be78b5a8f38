/**
 * Asks for the clipboard permission "Paste as short link" needs, saying why
 * first (opened by the background at the first paste without it:
 * lib/background/menus/paste-short-link.ts). Its state: lib/paste-access/access.ts.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { PasteAccessCard } from '@/components/paste-access/paste-access-card';
import { CLIPBOARD_READ } from '@/lib/browser/clipboard-access';
import { t } from '@/lib/i18n/catalogue';
import { PASTE_COMMAND } from '@/lib/menus/commands';
import { keyParts } from '@/lib/menus/shortcut-keys';
import { createAccess, type AccessState } from '@/lib/paste-access/access';

export function App() {
  const [state, setState] = useState<AccessState>({ kind: 'checking' });
  const [keys, setKeys] = useState<string[] | null | undefined>(undefined);
  const access = useMemo(
    () =>
      createAccess({
        contains: () => browser.permissions.contains(CLIPBOARD_READ),
        request: () => browser.permissions.request(CLIPBOARD_READ),
        remove: () => browser.permissions.remove(CLIPBOARD_READ),
        onChange: setState,
      }),
    [],
  );
  useEffect(() => {
    void access.start();
    browser.commands.getAll().then(
      (commands) => setKeys(keyParts(commands.find((c) => c.name === PASTE_COMMAND)?.shortcut)),
      () => setKeys(null),
    );
  }, []);
  return (
    <div class="access-page">
      <header class="access-header">
        <img src="/icon/48.png" width={40} height={40} alt="" />
        <h1>{t('pasteAccessTitle')}</h1>
      </header>
      <main>
        <PasteAccessCard state={state} keys={keys} onAllow={() => void access.allow()} onStop={() => void access.stop()} />
      </main>
    </div>
  );
}
