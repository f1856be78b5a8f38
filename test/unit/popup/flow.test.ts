import { describe, expect, it } from 'vitest';
import type { PopupState } from '../../../lib/messaging/send-message';
import { firstStep, shortenable, targetFromPage } from '../../../lib/popup/flow';

const state = (over: Partial<PopupState> = {}): PopupState => ({
  configured: true,
  autoShorten: true,
  copyToClipboard: true,
  keywordType: 'HASH',
  cached: null,
  recent: [],
  ...over,
});
const link = { shortUrl: 'http://s.test/abc1234', longUrl: 'https://a.example/', linkId: 'l1', createdDate: '2026-01-01T00:00:00Z' };

describe('popup first step', () => {
  it.each([
    ['not connected', state({ configured: false }), 'https://a.example/', 'not-configured'],
    ['chrome:// page', state(), 'chrome://version/', 'ask-url'],
    ['file: page', state(), 'file:///tmp/a.html', 'ask-url'],
    ['no URL (new tab)', state(), undefined, 'ask-url'],
    ['cached link', state({ cached: link }), 'https://a.example/', 'show-cached'],
    ['answered by the background', state({ shortened: { status: 'queued', itemId: 'q' } }), 'https://a.example/', 'answered'],
    ['auto-shorten off', state({ autoShorten: false }), 'https://a.example/', 'ask-url'],
    ['custom keywords by default', state({ keywordType: 'CUSTOM' }), 'https://a.example/', 'customise'],
    ['a new page', state(), 'https://a.example/', 'shorten'],
    ['a broken page (the destination check on)', state({ pageProblem: { state: 'gone', reason: { kind: 'answered', status: 404 } } }), 'https://a.example/', 'page-problem'],
    ['a broken page, auto-shorten off: warned first too', state({ autoShorten: false, pageProblem: { state: 'failing', reason: { kind: 'timeout' } } }), 'https://a.example/', 'page-problem'],
    ['a broken page with a link already made', state({ cached: link, pageProblem: { state: 'gone', reason: { kind: 'answered', status: 410 } } }), 'https://a.example/', 'show-cached'],
  ])('%s -> %s', (_name, s, target, kind) => {
    expect(firstStep(s, target).kind).toBe(kind);
  });

  it('marks unshortenable tabs so the popup can say why', () => {
    expect(firstStep(state(), 'chrome://newtab/')).toEqual({ kind: 'ask-url', url: '', unshortenable: true });
    expect(firstStep(state({ autoShorten: false }), 'https://a.example/x')).toEqual({
      kind: 'ask-url',
      url: 'https://a.example/x',
      unshortenable: false,
    });
  });
});

describe('popup target', () => {
  it('uses ?url= only in the tab form', () => {
    expect(targetFromPage('?url=https%3A%2F%2Fa.example%2F', true, undefined)).toBe('https://a.example/');
    expect(targetFromPage('?url=https%3A%2F%2Fevil.example%2F', false, 'https://tab.example/')).toBe('https://tab.example/');
    expect(targetFromPage('', false, undefined)).toBeUndefined();
  });

  it.each([
    ['https://a.example/', true],
    ['javascript:alert(1)', false],
    ['chrome://settings', false],
    [undefined, false],
  ])('shortenable(%s) = %s', (target, expected) => {
    expect(shortenable(target)).toBe(expected);
  });
});
