import { beforeEach, describe, expect, it } from 'vitest';
import type { ErrorView } from '../../../lib/messaging/send-message';
import type { PopupView, Queued } from '../../../lib/popup/popup-view';
import { popupStatus } from '../../../lib/popup/status';
import { popupStatusText } from '../../../lib/popup/popup-status-text';
import { useCatalogue } from '../fixtures/catalogue';

const link = { shortUrl: 'http://s.test/abc1234', longUrl: 'https://a.example/', linkId: 'l1', createdDate: '2026-01-01T00:00:00Z' };
const queued = (over: Partial<Queued> = {}): Queued => ({ itemId: 'q1', url: link.longUrl, retry: 'idle', outcomeUnknown: false, ...over });
const network: ErrorView = { kind: 'network', code: 'NETWORK_ERROR', message: '' };
const refused: ErrorView = { kind: 'unauthorized', code: 'UNAUTHORIZED', message: '' };

describe('the popup says one thing at a time', () => {
  it.each<[string, PopupView, boolean, ReturnType<typeof popupStatus>]>([
    ['offline only when the browser is', { kind: 'queued', ...queued() }, false, { kind: 'offline', still: false, busy: false }],
    ['the service down while online', { kind: 'queued', ...queued() }, true, { kind: 'unreachable', still: false, busy: false }],
    ['an answer that could not be read', { kind: 'queued', ...queued({ outcomeUnknown: true }) }, true, { kind: 'unknown-outcome', still: false, busy: false }],
    ['a Retry under way', { kind: 'queued', ...queued({ retry: 'retrying' }) }, true, { kind: 'unreachable', still: false, busy: true }],
    ['a Retry that found it waiting', { kind: 'queued', ...queued({ retry: 'still-waiting' }) }, true, { kind: 'unreachable', still: true, busy: false }],
    ['refused after all', { kind: 'queued', ...queued({ retry: 'refused' }) }, true, { kind: 'refused' }],
    [
      'a customised link queued beside the one shown',
      { kind: 'done', link, fromCache: false, custom: { state: 'queued', queued: queued() } },
      true,
      { kind: 'unreachable', still: false, busy: false },
    ],
    ['an error with something to send again', { kind: 'error', error: refused, retry: { url: link.longUrl } }, true, { kind: 'error', error: refused, canRetry: true }],
    ['an error with nothing to send', { kind: 'error', error: refused, retry: null }, true, { kind: 'error', error: refused, canRetry: false }],
    ['nothing wrong', { kind: 'done', link, fromCache: true, custom: { state: 'taken', urls: [] } }, false, null],
  ])('%s', (_name, view, online, status) => {
    expect(popupStatus(view, online)).toEqual(status);
  });
});

describe('in words, with one action', () => {
  beforeEach(useCatalogue);

  it('names the real host of a service that does not answer, and says what happens next', () => {
    expect(popupStatusText({ kind: 'unreachable', still: false, busy: false }, 'links.example.com:8443')).toEqual({
      tone: 'warn',
      title: "Can't reach links.example.com:8443.",
      detail: 'Your link is saved and will be made when it answers.',
      action: 'retry',
    });
    expect(popupStatusText({ kind: 'unreachable', still: true, busy: false }, null).title).toBe("Still can't reach the link service.");
  });

  it('offers no Retry while offline: the link is sent when the browser is back online', () => {
    expect(popupStatusText({ kind: 'offline', still: false, busy: false }, 's.test')).toMatchObject({ title: 'You are offline.', action: null });
  });

  it('an unknown outcome is said as such', () => {
    expect(popupStatusText({ kind: 'unknown-outcome', still: false, busy: false }, 's.test').title).toBe(
      'No clear answer came back; it will be tried again.',
    );
  });

  it('an error that settings fix offers settings, a network error Retry', () => {
    expect(popupStatusText({ kind: 'error', error: refused, canRetry: true }, 's.test')).toMatchObject({ title: 'The service refused the API token.', action: 'settings' });
    expect(popupStatusText({ kind: 'error', error: network, canRetry: true }, 's.test')).toMatchObject({ title: "Can't reach s.test.", action: 'retry' });
  });
});
