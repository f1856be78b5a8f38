import { Inbox, RefreshCw, Trash2 } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { queueAttemptsText, queueHeadingText, queueMadeText, queueMadeTitle, queueNextTryText, queueWorkText } from '../../lib/queue/queue-text';
import type { QueueItemView, QueueStatus } from '../../lib/messaging/send-message';
import { sharedQueueError } from '../../lib/options/shared-queue-error';
import { Banner } from '../shared/banner';
import { Button } from '../shared/button';
import { ConfirmGroup } from '../shared/confirm-group';
import { EmptyState } from '../shared/empty-state';
import { ResendQuestion } from './resend-question';

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
 * Every waiting, paused and failed item: headed by its page (or what it
 * does), then what it does in full, when it was made, how often it was
 * tried, next try, last error (said once above the list when every item
 * shares it); Retry now and Discard (confirmed) on each, Retry all above.
 */
export function QueueList({ status, now, busy, busyId, onRetryAll, onRetry, onDiscard, onFixConnection, profiles }: Props) {
  const [confirming, setConfirming] = useState<string | null>(null);
  if (status.items.length === 0) {
    return (
      <EmptyState icon={Inbox} title={t('queueEmpty')}>
        <p>{t('queueEmptyHint')}</p>
      </EmptyState>
    );
  }
  const shared = sharedQueueError(status.items);
  return (
    <div>
      {/* Red only when the service refused every item; waiting ones are a warning. */}
      {shared !== null && <p class={status.items.every((item) => item.state === 'failed') ? 'error' : 'warn'}>{t('queueSharedError', shared)}</p>}
      {status.pausedForAuth && (
        <Banner tone="warn" action={{ label: t('queuePausedFix'), onClick: onFixConnection }}>
          <p>{t('queuePaused')}</p>
        </Banner>
      )}
      <div class="row">
        <Button variant="primary" icon={RefreshCw} disabled={busy} onClick={onRetryAll}>
          {busy ? t('retrying') : t('queueRetryAll')}
        </Button>
      </div>
      <ul class="plain queue-list">
        {status.items.map((item) => {
          const what = queueWorkText(item.work);
          const heading = queueHeadingText(item.work);
          const profile = profiles.length > 1 ? profiles.find((p) => p.id === item.profileId)?.name : undefined;
          return (
            <li key={item.id} class={`queue-item card ${item.state}`}>
              <div class="url queue-what">{heading}</div>
              {heading !== what && <div class="url muted">{what}</div>}
              <div class="muted">
                {stateText(item)} · <time dateTime={new Date(item.createdAt).toISOString()} title={queueMadeTitle(item)}>{queueMadeText(item, now)}</time>
                {' · '}
                {queueAttemptsText(item)} · {queueNextTryText(item, now)}
                {profile !== undefined && ` · ${t('queueProfile', profile)}`}
              </div>
              {item.lastError !== undefined && shared === null && <div class={item.state === 'failed' ? 'error' : 'muted'}>{t('queueLastError', item.lastError)}</div>}
              {confirming === item.id ? (
                <ConfirmGroup
                  yes={t('discardYes')}
                  no={t('discardNo')}
                  onYes={() => {
                    setConfirming(null);
                    onDiscard(item.id);
                  }}
                  onNo={() => setConfirming(null)}
                >
                  {t('discardConfirm', what)}
                </ConfirmGroup>
              ) : item.askResend === true ? (
                <ResendQuestion busy={busy || busyId === item.id} onSendAgain={() => onRetry(item.id)} onDiscard={() => setConfirming(item.id)} />
              ) : (
                <div class="row" role="group" aria-label={t('queueItemLabel', what)}>
                  <Button size="small" disabled={busy || busyId === item.id} onClick={() => onRetry(item.id)}>
                    {busyId === item.id ? t('retrying') : t('queueRetryItem')}
                  </Button>
                  <Button size="small" variant="ghost" class="danger-text" icon={Trash2} onClick={() => setConfirming(item.id)}>{t('discard')}</Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
