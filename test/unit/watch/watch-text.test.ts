// The watch's findings in words: the mark a link carries, with its date and reason, in English and Hindi.
import { beforeEach, describe, expect, it } from 'vitest';
import { watchMarkText } from '../../../lib/watch/watch-text';
import { useCatalogue, useCatalogueOf } from '../fixtures/catalogue';

const dec3 = Date.UTC(2026, 11, 3, 12);

describe('watchMarkText', () => {
  beforeEach(() => useCatalogue());

  it('says the state, since when and why', () => {
    expect(watchMarkText({ state: 'gone', reason: { kind: 'answered', status: 404 }, since: dec3 }, 'en-GB')).toBe('Gone since 3 Dec 2026: the page answers 404');
    expect(watchMarkText({ state: 'moved', reason: { kind: 'other-site', host: 'b.org' }, since: dec3 }, 'en-GB')).toBe('Moved since 3 Dec 2026: it now ends on b.org');
    expect(watchMarkText({ state: 'failing', reason: { kind: 'timeout' }, since: dec3 }, 'en-GB')).toBe('Failing since 3 Dec 2026: the site did not answer within 10 seconds');
  });

  it('gives a link never requested no date', () => {
    expect(watchMarkText({ state: 'not-checked', reason: { kind: 'local-address' }, since: dec3 })).toBe(
      'Not checked: it is an address on a local or private network, which is never visited',
    );
  });

  it('speaks Hindi', () => {
    useCatalogueOf('hi');
    expect(watchMarkText({ state: 'gone', reason: { kind: 'answered', status: 410 }, since: dec3 }, 'hi')).toMatch(/से नहीं रहा: पेज 410 लौटाता है$/);
  });
});
