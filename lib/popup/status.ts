/**
 * The popup's one banner, decided from its view and whether the browser is
 * online: one message and at most one action, never two that compete (the
 * recent list keeps its own failure to itself while this one shows). Codes
 * only; lib/popup/popup-status-text.ts words them.
 *
 * "Offline" is said only when the browser says it is offline; a link queued
 * while it is online waits for the service, which is then named.
 */
import type { ErrorView } from '../messaging/send-message';
import { queuedOf, type PopupView } from './popup-view';

export type PopupStatus =
  /** A link waits in the queue. `still`: a Retry found it waiting still; `busy`: a Retry is under way. */
  | { kind: 'offline' | 'unreachable' | 'unknown-outcome'; still: boolean; busy: boolean }
  /** The queued link was refused by the service after all. */
  | { kind: 'refused' }
  /** The queued link was made, but this browser has not cached it (it is in the recent list). */
  | { kind: 'created' }
  /** `canRetry`: asking again may help, and there is something to send. */
  | { kind: 'error'; error: ErrorView; canRetry: boolean };

export function popupStatus(view: PopupView, online: boolean): PopupStatus | null {
  const queued = queuedOf(view);
  if (queued !== null) {
    if (queued.retry === 'refused') return { kind: 'refused' };
    if (queued.retry === 'created') return { kind: 'created' };
    const kind = !online ? 'offline' : queued.outcomeUnknown ? 'unknown-outcome' : 'unreachable';
    return { kind, still: queued.retry === 'still-waiting', busy: queued.retry === 'retrying' };
  }
  if (view.kind === 'error') return { kind: 'error', error: view.error, canRetry: view.retry !== null };
  if ((view.kind === 'done' || view.kind === 'customise') && view.custom.state === 'error') {
    return { kind: 'error', error: view.custom.error, canRetry: true };
  }
  return null;
}
