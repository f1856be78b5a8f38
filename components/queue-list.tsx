import { useState } from 'preact/hooks';
import { formatCount, formatRelative, pluralForm } from '../lib/format';
import { t } from '../lib/i18n';
import type { QueueStatus } from '../lib/messages';

interface Props {
  status: QueueStatus;
  /** The clock the ages and next tries are told from (the page re-renders on every queue change). */
  now: number;
  busy: boolean;
  onRetry: () => void;
  onDiscard: (id: string) => void;
}

/** Links waiting to be created, how old they are and when they are tried next, why the last try failed, Retry now and Discard (confirmed). */
export function QueueList({ status, now, busy, onRetry, onDiscard }: Props) {
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
                pluralForm(item.attempts) === 'one' ? 'reachQueueItemMetaOne' : 'queueItemMeta',
                item.state === 'failed'
                  ? t('queueStateFailed')
                  : item.state === 'paused'
                    ? t('queueStatePaused')
                    : t('queueStatePending'),
                formatRelative(item.createdAt, now),
                formatCount(item.attempts),
              )}
              {item.nextAttemptAt !== undefined && ` · ${t('reachQueueNextTry', formatRelative(Math.max(item.nextAttemptAt, now), now))}`}
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
