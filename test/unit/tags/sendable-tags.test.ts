/**
 * Tags on their way to the service: the service's own go back as they came,
 * typed ones meet the tag rules in their stored form (issue 19, item 7).
 */
import { describe, expect, it } from 'vitest';
import { sendableTags } from '../../../lib/tags/sendable-tags';

describe('sendableTags', () => {
  it('typed tags: trimmed, NFC, blanks and repeats dropped, in the order asked', () => {
    expect(sendableTags([' b', 'a', 'b ', '', '  ', 'cafe\u0301', 'caf\u00e9'])).toEqual({ ok: true, tags: ['b', 'a', 'caf\u00e9'] });
  });

  it.each([
    ['too long', 'x'.repeat(51), 'too-long'],
    ['a zero-width space', 'sum\u200bmer', 'control'],
    ['a bidi override', '\u202egnp.exe', 'control'],
    ['a C1 control', 'a\u0085b', 'control'],
    ['an unpaired surrogate', 'half\ud800', 'control'],
  ])('a typed tag with %s is refused, naming it as typed', (_what, tag, problem) => {
    expect(sendableTags(['ok', tag])).toEqual({ ok: false, problem, tag });
  });

  it("the service's tags go exactly as they came, whatever they hold", () => {
    const fromService = ['sum\u200bmer', 'x'.repeat(60), ' padded', 'cafe\u0301', '\u202egnp.exe'];
    expect(sendableTags([...fromService, 'new'], fromService)).toEqual({ ok: true, tags: [...fromService, 'new'] });
  });

  it('only the exact text the service sent is exempt: a look-alike typed is judged', () => {
    expect(sendableTags(['sum\u200bmer '], ['sum\u200bmer'])).toEqual({ ok: false, problem: 'control', tag: 'sum\u200bmer ' });
  });

  it('past the limit per link, whatever their source', () => {
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`);
    expect(sendableTags(many, many)).toEqual({ ok: false, problem: 'too-many' });
    expect(sendableTags(many.slice(0, 50))).toMatchObject({ ok: true });
  });
});
