/** lib/tags/tag-counts.ts: links per tag, in the links loaded. */
import { describe, expect, it } from 'vitest';
import { countTags } from '../../../lib/tags/tag-counts';

describe('countTags', () => {
  it('counts the links that carry each tag, a tag listed twice on one link once', () => {
    const counts = countTags([{ tags: ['news', 'launch'] }, { tags: ['news', 'news'] }, { tags: [] }], false);
    expect(counts.links).toBe(3);
    expect(counts.byTag.get('news')).toBe(2);
    expect(counts.byTag.get('launch')).toBe(1);
    expect(counts.byTag.has('other')).toBe(false);
  });

  it('keeps whether more links exist than were counted', () => {
    expect(countTags([], true)).toMatchObject({ links: 0, partial: true });
  });
});
