/** The clipboard permission's page (entrypoints/paste-access/): why it is asked, Allow, and what to do once allowed. */
import { ClipboardPaste } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { AccessState } from '../../lib/paste-access/access';
import { Banner } from '@/components/shared/banner';
import { Button } from '@/components/shared/button';
import { Card } from '@/components/shared/card';
import { KeyCombo } from '@/components/shared/key-combo';

interface Props {
  state: AccessState;
  /** The paste shortcut's keys in force; null when none is set, undefined until the browser answered. */
  keys: string[] | null | undefined;
  onAllow: () => void;
  onStop: () => void;
}

export function PasteAccessCard({ state, keys, onAllow, onStop }: Props) {
  return (
    <Card class="access-card">
      <p class="lead">{t('pasteAccessWhy')}</p>
      <p>{t('pasteAccessWhat')}</p>
      {keys !== undefined && (
        <p>
          {t('pasteAccessKeys')} {keys === null ? <span class="muted">{t('firstRunKeyUnset')}</span> : <KeyCombo keys={keys} />}
        </p>
      )}
      {(state.kind === 'ask' || state.kind === 'asking') && (
        <div class="row">
          <Button variant="primary" icon={ClipboardPaste} onClick={onAllow} disabled={state.kind === 'asking'}>
            {t('pasteAccessAllow')}
          </Button>
        </div>
      )}
      {state.kind === 'ask' && state.refused && <Banner tone="warn">{t('pasteAccessRefused')}</Banner>}
      {state.kind === 'failed' && <Banner tone="error">{t('pasteAccessFailed')}</Banner>}
      {state.kind === 'allowed' && state.justNow && <Banner tone="ok">{t('pasteAccessAllowed')}</Banner>}
      {state.kind === 'allowed' && !state.justNow && (
        <>
          <Banner tone="ok">{t('pasteAccessAlready')}</Banner>
          <div class="row">
            <Button onClick={onStop}>{t('pasteAccessStop')}</Button>
          </div>
        </>
      )}
    </Card>
  );
}
