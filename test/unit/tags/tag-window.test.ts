/**
 * What a tag list on the options page draws at once, for a workspace at the
 * service's cap of a thousand tags.
 */
import { describe, expect, it } from 'vitest';
import { TAGS_SHOWN, tagWindow } from '../../../lib/tags/tag-window';

const THOUSAND = Array.from({ length: 1000 }, (_, i) => `tag-${String(i).padStart(4, '0')}`);

describe('tagWindow', () => {
  it('draws the first tags of a thousand and counts the rest', () => {
    const view = tagWindow(THOUSAND);
    expect(view.shown).toEqual(THOUSAND.slice(0, TAGS_SHOWN));
    expect(view.more).toBe(1000 - TAGS_SHOWN);
    expect(view.next).toBe(TAGS_SHOWN);
    expect(view.matching).toBe(1000);
  });

  it('narrows a thousand tags to those containing the filter, ignoring case', () => {
    expect(tagWindow(THOUSAND, { filter: ' TAG-099 ' }).shown).toEqual(THOUSAND.slice(990, 1000));
    expect(tagWindow(THOUSAND, { filter: 'nothing like it' })).toEqual({ shown: [], more: 0, next: 0, matching: 0 });
  });

  it('draws one more part each time the user asks, never the thousand at once unasked', () => {
    expect(tagWindow(THOUSAND, { parts: 2 }).shown).toEqual(THOUSAND.slice(0, 2 * TAGS_SHOWN));
    const last = Math.ceil(1000 / TAGS_SHOWN);
    expect(tagWindow(THOUSAND, { parts: last - 1 })).toMatchObject({ more: 1000 - (last - 1) * TAGS_SHOWN, next: 1000 - (last - 1) * TAGS_SHOWN });
    expect(tagWindow(THOUSAND, { parts: last })).toEqual({ shown: THOUSAND, more: 0, next: 0, matching: 1000 });
  });

  it('a short list is drawn whole', () => {
    expect(tagWindow(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0, next: 0, matching: 2 });
  });
});
