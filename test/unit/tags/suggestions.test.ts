import { describe, expect, it } from 'vitest';
import { tagSuggestions } from '../../../lib/tags/suggestions';

describe('tagSuggestions', () => {
  const listed = ['marketing', 'social', 'Summer sale', 'newsletter', 'sales'];

  it('offers every tag not chosen when nothing is typed, up to the limit', () => {
    expect(tagSuggestions(listed, ['social'], '')).toEqual(['marketing', 'Summer sale', 'newsletter', 'sales']);
    expect(tagSuggestions(listed, [], '', 2)).toEqual(['marketing', 'social']);
  });

  it('puts names that start with the typed text before names that contain it, ignoring case', () => {
    expect(tagSuggestions(listed, [], 'SA')).toEqual(['sales', 'Summer sale']);
  });

  it('leaves out tags already chosen, in any case', () => {
    expect(tagSuggestions(listed, ['SALES'], 'sa')).toEqual(['Summer sale']);
  });

  it('stays short for a workspace with a thousand tags', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `tag-${i}`);
    expect(tagSuggestions(many, [], 'tag-9')).toHaveLength(8);
  });
});
