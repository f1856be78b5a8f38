import { describe, expect, it } from 'vitest';
import { pageOutcome, warnsBeforeShortening } from '../../../lib/watch/page-verdict';

const URL_A = 'https://shop.example/sale';
const doc = (status: number | null, href = URL_A) => ({ kind: 'document' as const, href, status });

describe("the page's own status, read from its tab", () => {
  it.each([
    [404, 'gone'],
    [410, 'gone'],
    [500, 'failing'],
    [503, 'failing'],
    [200, 'fine'],
    [403, 'fine'],
  ])('served with %i: %s', (status, state) => {
    expect(pageOutcome(doc(status), URL_A)).toEqual({ state, reason: { kind: 'answered', status } });
  });

  it("the browser's error page in its place is a page failing to answer", () => {
    expect(pageOutcome({ kind: 'error-page' }, URL_A)).toEqual({ state: 'failing', reason: { kind: 'unreachable' } });
  });

  it('tells nothing when the browser gives no status, the tab could not be read, or it is now elsewhere', () => {
    expect(pageOutcome(doc(null), URL_A)).toBeNull();
    expect(pageOutcome(doc(0), URL_A)).toBeNull();
    expect(pageOutcome({ kind: 'unread' }, URL_A)).toBeNull();
    expect(pageOutcome(doc(404, 'https://shop.example/other'), URL_A)).toBeNull();
  });

  it('a fragment does not make it another page', () => {
    expect(pageOutcome(doc(404, `${URL_A}#top`), URL_A)?.state).toBe('gone');
  });

  it('warns of gone, failing and looping pages, not of fine or moved ones', () => {
    expect(warnsBeforeShortening({ state: 'gone', reason: { kind: 'answered', status: 404 } })).toBe(true);
    expect(warnsBeforeShortening({ state: 'failing', reason: { kind: 'timeout' } })).toBe(true);
    expect(warnsBeforeShortening({ state: 'looping', reason: { kind: 'redirect-loop' } })).toBe(true);
    expect(warnsBeforeShortening({ state: 'fine', reason: { kind: 'answered', status: 200 } })).toBe(false);
    expect(warnsBeforeShortening({ state: 'moved', reason: { kind: 'other-site', host: 'b.example' } })).toBe(false);
    expect(warnsBeforeShortening({ state: 'not-checked', reason: { kind: 'local-address' } })).toBe(false);
  });
});
