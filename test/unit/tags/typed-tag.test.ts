/**
 * A tag the user types: the service's tag rules on its NFC form, and nothing
 * hidden in it. Tags the service sent are never judged by this rule.
 */
import { describe, expect, it } from 'vitest';
import { checkedTagList } from '../../../lib/background/tags';
import { typedTag, typedTagProblem } from '../../../lib/tags/typed-tag';

describe('typedTagProblem', () => {
  it.each([
    ['a zero-width space', 'sum\u200bmer'],
    ['a zero-width joiner', 'a\u200db'],
    ['a zero-width no-break space inside', 'sa\ufeffle'],
    ['a right-to-left override', 'sale\u202e'],
    ['a first-strong isolate', '\u2068sale\u2069'],
    ['a soft hyphen', 'sum\u00admer'],
    ['an unpaired high surrogate', 'sale\ud83d'],
    ['an unpaired low surrogate', '\ude00sale'],
  ])('refuses %s', (_what, tag) => {
    expect(typedTagProblem(tag)).toBe('hidden');
  });

  it('keeps the service rules first: empty, too long, control characters', () => {
    expect(typedTagProblem('  ')).toBe('empty');
    expect(typedTagProblem('x'.repeat(51))).toBe('too-long');
    expect(typedTagProblem('a\tb')).toBe('control');
  });

  it('accepts any script, accents and emoji written as one character', () => {
    for (const tag of ['सेल', 'été', 'セール', '🚀 launch', 'Q4 / EMEA']) expect(typedTagProblem(tag)).toBeNull();
  });

  it('stores the NFC form, trimmed', () => {
    expect(typedTag('  Cafe\u0301 ')).toBe('Caf\u00e9');
  });

  it("is not applied to the service's own list: a tag with a zero-width space there is still offered", () => {
    expect(checkedTagList(['news', 'sum\u200bmer'])).toEqual(['news', 'sum\u200bmer']);
  });
});
