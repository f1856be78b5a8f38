import { t, type MessageKey } from '../../lib/i18n/catalogue';
import type { RetryState } from '../../lib/popup/controller';

interface Props {
  retry: RetryState;
  onRetry: () => void;
}

const RETRY_TEXT: Record<Exclude<RetryState, 'idle' | 'retrying'>, MessageKey> = {
  'still-waiting': 'queuedStillWaiting',
  refused: 'queuedRefused',
  created: 'queuedCreated',
};

/** A link that waits in the offline queue, with Retry now (same idempotency key: never a second link). */
export function QueuedNotice({ retry, onRetry }: Props) {
  const busy = retry === 'retrying';
  return (
    <div role="status">
      <p class="warn">{t('queuedTitle')}</p>
      <p class="muted">{t('queuedDetail')}</p>
      {retry !== 'idle' && !busy && <p class={retry === 'refused' ? 'error' : 'muted'}>{t(RETRY_TEXT[retry])}</p>}
      {retry !== 'created' && (
        <div class="row">
          <button type="button" disabled={busy} aria-busy={busy} onClick={onRetry}>
            {busy ? t('retrying') : t('retryNow')}
          </button>
        </div>
      )}
    </div>
  );
}
