import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TagNameSchema, TagListResponseSchema, LinkSchema } from '../../../lib/contract/schemas';
import { normalTagName, tagProblem, uniqueTags } from '../../../lib/contract/tag-name';

describe('tagProblem: the tag rules the pages check as the user types', () => {
  it.each(['news', ' padded ', 'x'.repeat(50), 'Été 2026', 'a, b', '😀', 'e\u0301'.repeat(50)])('accepts %j', (name) => {
    expect(tagProblem(name)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['x'.repeat(51), 'too-long'],
    [` ${'x'.repeat(51)} `, 'too-long'],
    ['line\nbreak', 'control'],
    ['tab\tinside', 'control'],
    ['nul\u0000', 'control'],
    ['nel\u0085', 'control'],
    ['a\u200bb', 'control'],
    ['\u200b', 'control'],
    ['\u202egnp.exe', 'control'],
    ['half\ud800', 'control'],
  ])('%j: %s', (name, problem) => {
    expect(tagProblem(name)).toBe(problem);
  });

  it.each(['news', ' padded ', '', 'x'.repeat(50), 'x'.repeat(51), 'a\tb', 'del\u007f', 'a\u0085b', 'a\u200bb', '\u202eab', 'a\udc00', 'e\u0301'.repeat(50)])(
    'agrees with the service’s own schema on %j',
    (name) => {
      expect(tagProblem(name) === null).toBe(v.safeParse(TagNameSchema, name).success);
    },
  );
});

describe('one spelling per tag', () => {
  it('normalTagName trims and composes (NFC), as the service stores a tag', () => {
    expect(normalTagName(' cafe\u0301 ')).toBe('caf\u00e9');
    expect(v.parse(TagNameSchema, ' cafe\u0301 ')).toBe('caf\u00e9');
  });

  it('answers are read as they come: no tag rule in the schemas the extension reads answers with', () => {
    const stored = ['a\u200bb', 'cafe\u0301', '\u202eold'];
    expect(v.parse(TagListResponseSchema, { status: true, data: stored }).data).toEqual(stored);
    expect(v.safeParse(LinkSchema.entries.tags, stored).success).toBe(true);
  });
});

describe('uniqueTags', () => {
  it('trims, drops empties and repeats, keeps the first order', () => {
    expect(uniqueTags([' b', 'a', 'b ', '', '  ', 'a', 'c'])).toEqual(['b', 'a', 'c']);
  });
});
