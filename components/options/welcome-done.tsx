/** The first run's end: where links will be made, how to pin the extension, its shortcuts, and one link made on the page the user came from. */
import { CircleCheck, Copy, Link2, Settings } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { copyText } from '../../lib/browser/copy-text';
import { t } from '../../lib/i18n/catalogue';
import { describeError } from '../../lib/i18n/describe-error';
import { urlProblemText } from '../../lib/i18n/url-problem-text';
import type { ShortcutKeys } from '../../lib/menus/shortcut-keys';
import type { CameFrom, TryState } from '../../lib/options/first-run-try';
import type { WelcomeDone as Done } from '../../lib/options/welcome';
import { Button } from '../shared/button';
import { Card } from '../shared/card';
import { KeyCombo } from '../shared/key-combo';

interface Props {
  done: Done;
  /** Where the pin is: Firefox's extensions menu differs from Chromium's. */
  browserKind: 'firefox' | 'chromium';
  /** The shortcuts' keys in force; null until the browser answered. */
  keys: ShortcutKeys | null;
  /** The tab the user came from; null: none that can be shortened. */
  cameFrom: CameFrom | null;
  tryState: TryState;
  onTry: (tab: CameFrom) => void;
  onOpenSettings: () => void;
}

function Shortcut({ label, keys }: { label: string; keys: string[] | null }) {
  return (
    <li>
      <span>{label}</span> {keys === null ? <span class="muted">{t('firstRunKeyUnset')}</span> : <KeyCombo keys={keys} />}
    </li>
  );
}

/** What came of "Shorten this page", in words (the link itself is drawn by the caller). */
function tryText(state: TryState): { text: string; error: boolean } | null {
  switch (state.kind) {
    case 'idle':
    case 'done':
      return null;
    case 'shortening':
      return { text: t('firstRunTryWorking'), error: false };
    case 'queued':
      return { text: t('firstRunTryQueued'), error: false };
    case 'no-permission':
      return { text: t('firstRunTryNoPermission'), error: true };
    case 'not-a-page':
      return { text: t('firstRunTryNotAPage'), error: true };
    case 'invalid-url':
      return { text: urlProblemText(state.problem), error: true };
    case 'failed': {
      const words = describeError(state.error);
      return { text: `${words.what} ${words.todo}`, error: true };
    }
  }
}

function TryIt({ tab, state, onTry }: { tab: CameFrom; state: TryState; onTry: (tab: CameFrom) => void }) {
  const [copied, setCopied] = useState(false);
  const said = tryText(state);
  return (
    <section aria-labelledby="welcome-try-heading">
      <h3 id="welcome-try-heading">{t('firstRunTryHeading')}</h3>
      {/* The page's title and address are shown as text, never as markup. */}
      <p class="welcome-came-from">{tab.url === null ? t('firstRunTryUnknown') : t('firstRunTryPage', tab.title ?? tab.url)}</p>
      {state.kind !== 'done' && (
        <Button variant="primary" icon={Link2} onClick={() => onTry(tab)} disabled={state.kind === 'shortening'}>
          {t('firstRunTryButton')}
        </Button>
      )}
      {state.kind === 'done' && (
        <div class="welcome-made">
          <p>{t('firstRunTryDone', state.longUrl)}</p>
          <div class="row">
            <a class="welcome-short-link" href={state.shortUrl} target="_blank" rel="noopener noreferrer">
              {state.shortUrl}
            </a>
            <Button size="small" icon={Copy} onClick={() => void copyText(state.shortUrl).then(setCopied)}>
              {copied ? t('copied') : t('copy')}
            </Button>
          </div>
        </div>
      )}
      <p role={said?.error ? 'alert' : 'status'} class={said?.error ? 'error' : 'muted'}>
        {said?.text}
      </p>
    </section>
  );
}

export function WelcomeDone({ done, browserKind, keys, cameFrom, tryState, onTry, onOpenSettings }: Props) {
  return (
    <Card class="welcome-card">
      <div class="welcome-done" role="status">
        <CircleCheck size={28} aria-hidden="true" />
        <div>
          <h2>{t('firstRunDoneTitle')}</h2>
          <p>{t('firstRunDone', done.workspaceId, done.host)}</p>
        </div>
      </div>
      {cameFrom !== null && <TryIt tab={cameFrom} state={tryState} onTry={onTry} />}
      <section aria-labelledby="welcome-pin-heading">
        <h3 id="welcome-pin-heading">{t('firstRunPinHeading')}</h3>
        <p>{browserKind === 'firefox' ? t('firstRunPinFirefox') : t('firstRunPinChromium')}</p>
      </section>
      <section aria-labelledby="welcome-keys-heading">
        <h3 id="welcome-keys-heading">{t('firstRunKeysHeading')}</h3>
        {keys !== null && (
          <ul class="welcome-keys">
            <Shortcut label={t('firstRunKeyPopup')} keys={keys.popup} />
            <Shortcut label={t('firstRunKeyShorten')} keys={keys.shorten} />
            <Shortcut label={t('firstRunKeyPaste')} keys={keys.paste} />
          </ul>
        )}
        <p class="hint">{t('firstRunKeysChange')}</p>
      </section>
      <h3>{t('firstRunNextHeading')}</h3>
      <ul class="welcome-tips">
        <li>{t('firstRunTipPopup')}</li>
        <li>{t('firstRunTipMenu')}</li>
        <li>{t('firstRunTipSettings')}</li>
      </ul>
      <div class="row">
        <Button icon={Settings} onClick={onOpenSettings}>
          {t('openSettings')}
        </Button>
      </div>
    </Card>
  );
}
