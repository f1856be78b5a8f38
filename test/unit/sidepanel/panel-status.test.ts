import { describe, expect, it } from 'vitest';
import type { ErrorView } from '../../../lib/messaging/send-message';
import { hostOf, panelStatus } from '../../../lib/sidepanel/panel-status';

const err = (e: Partial<ErrorView> & Pick<ErrorView, 'kind'>): ErrorView => ({ message: '', ...e });

describe('the panel\'s one connection state', () => {
  it.each([
    ['browser offline', { offline: true, error: err({ kind: 'network' }) }, 'offline'],
    ['no answer, network up', { offline: false, error: err({ kind: 'network' }) }, 'unreachable'],
    ['timed out', { offline: false, error: err({ kind: 'timeout' }) }, 'unreachable'],
    ['a bare 502 from a proxy', { offline: false, error: err({ kind: 'service', code: 'HTTP_502' }) }, 'unreachable'],
    ['host permission missing', { offline: false, error: err({ kind: 'network', code: 'NO_HOST_PERMISSION' }) }, 'error'],
    ['a refusal', { offline: false, error: err({ kind: 'service', code: 'LINK_NOT_FOUND' }) }, 'error'],
    ['all well', { offline: false, error: null }, 'ok'],
  ] as const)('%s: %s', (_, model, kind) => {
    expect(panelStatus({ ...model, host: 'api.s.test' }).kind).toBe(kind);
  });

  it('names the real host', () => {
    expect(panelStatus({ offline: false, error: err({ kind: 'network' }), host: 'api.s.test' })).toEqual({ kind: 'unreachable', host: 'api.s.test' });
    expect(hostOf('https://api.example.com:8443/v1/')).toBe('api.example.com:8443');
    expect(hostOf('not a url')).toBeNull();
  });
});
