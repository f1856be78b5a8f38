import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { QueueItemView, QueueStatus } from '../../lib/messaging/send-message';
import { queueAttemptsText, queueMadeText, queueMadeTitle, queueNextTryText, queueWorkText } from '../../lib/i18n/queue-text';

interface Props {
  status: QueueStatus;
  /** The clock relative times are read against (lib/options/controller.ts). */
  now: number;
  /** "Retry all" is being sent. */
  busy: boolean;
  /** The item whose "Retry now" is being sent. */
  busyId: string | null;
  onRetryAll: () => void;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  /** Takes the user to the connection's fields, where a refused token is fixed. */
  onFixConnection: () => void;
  /** Every profile's id and name: with more than one, each item names the profile it is sent under. */
  profiles: readonly { id: string; name: string }[];
}

function stateText(item: QueueItemView): string {
  if (item.state === 'failed') return t('queueStateFailed');
  return item.state === 'paused' ? t('queueStatePaused') : t('queueStatePending');
}

/**
 * Every waiting, paused and failed item: what it does, when it was made,
 * attempts, next try, last error; Retry now and Discard (confirmed) on each,
 * Retry all below.
 */
export function QueueList({ status, now, busy, busyId, onRetryAll, onRetry, onDiscard, onFixConnection, profiles }: Props) {
  const [confirming, setConfirming] = useState<string | null>(null);
  if (status.items.length === 0) return <p class="muted">{t('queueEmpty')}</p>;
  return (
    <div>
      {status.pausedForAuth && (
        <div class="warn" role="status">
          <p>{t('queuePaused')}</p>
          <button type="button" onClick={onFixConnection}>{t('queuePausedFix')}</button>
        </div>
      )}
      <ul class="plain">
        {status.items.map((item) => {
          const what = queueWorkText(item.work);
          const profile = profiles.length > 1 ? profiles.find((p) => p.id === item.profileId)?.name : undefined;
          return (
            <li key={item.id}>
              <div class="url">{what}</div>
              <div class="muted">
                {stateText(item)} · <time dateTime={new Date(item.createdAt).toISOString()} title={queueMadeTitle(item)}>{queueMadeText(item, now)}</time>
                {' · '}
                {queueAttemptsText(item)} · {queueNextTryText(item, now)}
                {profile !== undefined && ` · ${t('queueProfile', profile)}`}
              </div>
              {item.lastError !== undefined && <div class={item.state === 'failed' ? 'error' : 'muted'}>{t('queueLastError', item.lastError)}</div>}
              {confirming === item.id ? (
                <div class="row" role="group" aria-label={t('discardConfirm', what)}>
                  <span>{t('discardConfirm', what)}</span>
                  <button type="button" onClick={() => { setConfirming(null); onDiscard(item.id); }}>
                    {t('discardYes')}
                  </button>
                  <button type="button" autoFocus onClick={() => setConfirming(null)}>{t('discardNo')}</button>
                </div>
              ) : (
                <div class="row" role="group" aria-label={t('queueItemLabel', what)}>
                  <button type="button" disabled={busy || busyId === item.id} onClick={() => onRetry(item.id)}>
                    {busyId === item.id ? t('retrying') : t('queueRetryItem')}
                  </button>
                  <button type="button" onClick={() => setConfirming(item.id)}>{t('discard')}</button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div class="row">
        <button type="button" class="primary" disabled={busy} onClick={onRetryAll}>
          {busy ? t('retrying') : t('queueRetryAll')}
        </button>
      </div>
    </div>
  );
}
