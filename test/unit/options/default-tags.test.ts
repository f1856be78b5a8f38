import { describe, expect, it } from 'vitest';
import { addTypedDefaultTag, toggleDefaultTag } from '../../../lib/options/default-tags';

describe('default tags', () => {
  it('adds a typed tag in NFC, trimmed, once', () => {
    expect(addTypedDefaultTag(['news'], ' Cafe\u0301 ')).toEqual({ ok: true, tags: ['news', 'Caf\u00e9'] });
    expect(addTypedDefaultTag(['Caf\u00e9'], 'Cafe\u0301')).toEqual({ ok: true, tags: ['Caf\u00e9'] });
  });

  it('refuses a typed tag with hidden characters, or past the limit per link', () => {
    expect(addTypedDefaultTag([], 'sum\u200bmer')).toEqual({ ok: false, problem: 'control' });
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect(addTypedDefaultTag(fifty, 'one more')).toEqual({ ok: false, problem: 'too-many' });
  });

  it("ticks and unticks a listed tag as the service sent it, whatever it holds", () => {
    expect(toggleDefaultTag([], 'sum\u200bmer')).toEqual({ ok: true, tags: ['sum\u200bmer'] });
    expect(toggleDefaultTag(['sum\u200bmer', 'news'], 'sum\u200bmer')).toEqual({ ok: true, tags: ['news'] });
  });
});
