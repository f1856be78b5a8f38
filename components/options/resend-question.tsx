/**
 * The question an old unknown outcome waits on, in the options page's queue:
 * the service may already have made this link and no longer remembers the
 * request, so the extension does not resend it by itself. "Send again" sends
 * it (maybe a second link), "Discard" drops it (after the usual confirmation).
 */
import { useId } from 'preact/hooks';
import { RefreshCw, Trash2 } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { Button } from '../shared/button';

interface Props {
  /** "Send again" is being sent. */
  busy: boolean;
  onSendAgain: () => void;
  onDiscard: () => void;
}

export function ResendQuestion({ busy, onSendAgain, onDiscard }: Props) {
  const title = useId();
  const text = useId();
  return (
    <div class="confirm resend-question" role="group" aria-labelledby={title} aria-describedby={text}>
      <p id={title}>
        <strong>{t('queueAskResendTitle')}</strong>
      </p>
      <p id={text}>{t('queueAskResendText')}</p>
      <div class="row">
        <Button size="small" icon={RefreshCw} disabled={busy} onClick={onSendAgain}>
          {busy ? t('retrying') : t('queueSendAgain')}
        </Button>
        <Button size="small" variant="ghost" class="danger-text" icon={Trash2} onClick={onDiscard}>
          {t('discard')}
        </Button>
      </div>
    </div>
  );
}
