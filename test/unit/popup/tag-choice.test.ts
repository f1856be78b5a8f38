import { describe, expect, it } from 'vitest';
import { TAGS_PER_LINK_MAX } from '../../../lib/contract/tag-name';
import { addNewTag, tagChoice, toggleTag, typeNewTag } from '../../../lib/popup/tag-choice';

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

  it('refuses a tag past the limit a link can have', () => {
    const full = tagChoice(Array.from({ length: TAGS_PER_LINK_MAX }, (_, i) => `t${i}`));
    expect(toggleTag(full, 'one-more').newTagProblem).toBe('too-many');
    expect(addNewTag(typeNewTag(full, 'one-more')).newTagProblem).toBe('too-many');
    expect(toggleTag(full, 't0').chosen).toHaveLength(TAGS_PER_LINK_MAX - 1);
  });
});
