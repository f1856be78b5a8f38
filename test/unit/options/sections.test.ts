import { describe, expect, it } from 'vitest';
import { OPTIONS_SECTIONS, sectionOf } from '../../../lib/options/sections';

describe('options sections: addressable by the location hash', () => {
  it.each([
    ['', 'connection'],
    ['#', 'connection'],
    ['#domains', 'domains'],
    ['#Queue', 'queue'],
    ['#%71ueue', 'queue'],
    ['#profiles', 'connection'],
    ['#defaults', 'shortening'],
    ['#nothing-here', 'connection'],
    ['#%E0%A4', 'connection'],
  ])('%s opens %s', (hash, section) => {
    expect(sectionOf(hash)).toBe(section);
  });

  it('every section is its own address', () => {
    for (const id of OPTIONS_SECTIONS) expect(sectionOf(`#${id}`)).toBe(id);
  });
});
