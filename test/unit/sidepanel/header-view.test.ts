import { describe, expect, it } from 'vitest';
import type { ErrorView } from '../../../lib/messaging/send-message';
import { headerView } from '../../../lib/sidepanel/header-view';
import type { LinkView, PanelModel } from '../../../lib/sidepanel/panel-model';
import { NO_PICKER } from '../../../lib/sidepanel/picker';

const down: ErrorView = { kind: 'network', message: '' };
const known: LinkView = { linkId: 'l1', shortUrl: 'https://s.test/abc', longUrl: 'https://example.com/spring', createdDate: '2026-11-01T09:00:00Z' };
type M = Pick<PanelModel, 'link' | 'lookup' | 'error' | 'offline' | 'host' | 'picker'>;
const model = (patch: Partial<M>): M => ({ link: null, lookup: 'looking', error: null, offline: false, host: 'api.s.test', picker: NO_PICKER, ...patch });

describe('the header, honest about what the panel knows', () => {
  it('the service out of reach, the link seen before: the header from the device, not "not found"', () => {
    expect(headerView('l1', model({ link: known, lookup: 'failed', error: down }))).toEqual({ kind: 'link', link: known });
  });

  it('the service out of reach, the link never seen: named by its id, nothing more said (the status line says it once)', () => {
    expect(headerView('l1', model({ lookup: 'failed', error: down }))).toEqual({ kind: 'id', linkId: 'l1', why: 'none', searched: 0 });
    // Still looking (the list waits for the figures' request): the id at once rather than a skeleton that never ends.
    expect(headerView('l1', model({ lookup: 'looking', error: down })).kind).toBe('id');
    expect(headerView('l1', model({ lookup: 'failed', offline: true, error: down })).kind).toBe('id');
  });

  it('"not found" only when the service answered that the link does not exist', () => {
    const refusal: ErrorView = { kind: 'service', code: 'LINK_NOT_FOUND', message: 'linkId does not name a link of this workspace' };
    expect(headerView('l1', model({ lookup: 'not-found', error: refusal }))).toEqual({ kind: 'not-found', linkId: 'l1' });
    expect(headerView('l1', model({ link: known, error: refusal })).kind).toBe('not-found');
    // The list read to its end without it, the figures answered: the link exists, it is only not among the newest.
    expect(headerView('l1', model({ lookup: 'not-found' }))).toEqual({ kind: 'id', linkId: 'l1', why: 'not-listed', searched: 0 });
    expect(headerView('l1', model({ lookup: 'failed', error: { kind: 'unauthorized', message: '' } })).kind).toBe('id');
  });

  it('still looking with the service answering: the skeleton', () => {
    expect(headerView('l1', model({}))).toEqual({ kind: 'looking' });
  });
});
