import { describe, expect, it } from 'vitest';
import { TAGS_PER_LINK_MAX } from '../../../lib/contract/tag-name';
import { addNewTag, tagChoice, toggleTag, typeNewTag } from '../../../lib/tags/tag-choice';

describe('choosing tags with the chip picker', () => {
  it('adds and removes listed tags in the order chosen', () => {
    let choice = toggleTag(toggleTag(tagChoice(), 'news'), 'blog');
    expect(choice.chosen).toEqual(['news', 'blog']);
    choice = toggleTag(choice, 'news');
    expect(choice.chosen).toEqual(['blog']);
  });

  it('checks a typed tag as it is typed, and adds it trimmed; one chosen already is only cleared', () => {
    let choice = typeNewTag(tagChoice(['news']), 'x'.repeat(51));
    expect(choice.newTagProblem).toBe('too-long');
    expect(addNewTag(choice).chosen).toEqual(['news']);
    choice = addNewTag(typeNewTag(choice, '  launch 2026 '));
    expect(choice).toEqual({ chosen: ['news', 'launch 2026'], newTag: '', newTagProblem: null });
    expect(addNewTag(typeNewTag(choice, 'news'))).toEqual({ chosen: ['news', 'launch 2026'], newTag: '', newTagProblem: null });
    expect(addNewTag(typeNewTag(choice, '   ')).newTagProblem).toBe('empty');
  });

  it('judges only what is typed (issue 19, item 7): a typed tag in NFC, hidden characters refused; a chosen odd tag of the service stays', () => {
    const odd = 'sum\u200bmer';
    let choice = tagChoice([odd, 'x'.repeat(60)]);
    choice = addNewTag(typeNewTag(choice, 'cafe\u0301'));
    expect(choice).toEqual({ chosen: [odd, 'x'.repeat(60), 'caf\u00e9'], newTag: '', newTagProblem: null });
    expect(addNewTag(typeNewTag(choice, 'caf\u00e9')).chosen).toHaveLength(3);
    for (const typed of ['win\u200bter', '\u202egnp.exe', 'a\u0085b', 'half\ud800']) {
      expect(addNewTag(typeNewTag(choice, typed))).toMatchObject({ chosen: choice.chosen, newTagProblem: 'control' });
    }
    // Listed ones are chosen and removed as they are.
    expect(toggleTag(toggleTag(choice, odd), odd).chosen).toEqual(['x'.repeat(60), 'caf\u00e9', odd]);
  });

  it('refuses a tag past the limit a link can have', () => {
    const full = tagChoice(Array.from({ length: TAGS_PER_LINK_MAX }, (_, i) => `t${i}`));
    expect(toggleTag(full, 'one-more').newTagProblem).toBe('too-many');
    expect(addNewTag(typeNewTag(full, 'one-more')).newTagProblem).toBe('too-many');
    expect(toggleTag(full, 't0').chosen).toHaveLength(TAGS_PER_LINK_MAX - 1);
  });
});
