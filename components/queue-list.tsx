import { useState } from 'preact/hooks';
import { t } from '../lib/i18n';
import type { QueueStatus } from '../lib/messages';

interface Props {
  status: QueueStatus;
  busy: boolean;
  onRetry: () => void;
  onDiscard: (id: string) => void;
}

/** Links waiting to be created, why the last try failed, Retry now and Discard (confirmed). */
export function QueueList({ status, busy, onRetry, onDiscard }: Props) {
  const [confirming, setConfirming] = useState<string | null>(null);
  if (status.items.length === 0) return <p class="muted">{t('queueEmpty')}</p>;
  return (
    <div>
      {status.pausedForAuth && <p class="warn" role="status">{t('queuePaused')}</p>}
      <ul class="plain">
        {status.items.map((item) => (
          <li key={item.id}>
            <div class="url">{item.subject}</div>
            <div class="muted">
              {t(
                'queueItemMeta',
                item.state === 'failed'
                  ? t('queueStateFailed')
                  : item.state === 'paused'
                    ? t('queueStatePaused')
                    : t('queueStatePending'),
                new Date(item.createdAt).toLocaleString(),
                item.attempts,
              )}
            </div>
            {item.message && <div class={item.state === 'failed' ? 'error' : 'muted'}>{item.message}</div>}
            {confirming === item.id ? (
              <div class="row" role="group" aria-label={t('discardConfirm', item.subject)}>
                <span>{t('discardConfirm', item.subject)}</span>
                <button type="button" onClick={() => { setConfirming(null); onDiscard(item.id); }}>
                  {t('discardYes')}
                </button>
                <button type="button" autoFocus onClick={() => setConfirming(null)}>{t('discardNo')}</button>
              </div>
            ) : (
              <div class="row">
                <button type="button" onClick={() => setConfirming(item.id)}>{t('discard')}</button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <div class="row">
        <button type="button" class="primary" disabled={busy} onClick={onRetry}>
          {busy ? t('retrying') : t('retryNow')}
        </button>
      </div>
    </div>
  );
}
