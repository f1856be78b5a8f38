import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TagNameSchema } from '../../../lib/contract/schemas';
import { tagProblem, uniqueTags } from '../../../lib/contract/tag-name';

describe('tagProblem: the tag rules the pages check as the user types', () => {
  it.each(['news', ' padded ', 'x'.repeat(50), 'Été 2026', 'a, b', '😀'])('accepts %j', (name) => {
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
  ])('%j: %s', (name, problem) => {
    expect(tagProblem(name)).toBe(problem);
  });

  it.each(['news', ' padded ', '', 'x'.repeat(50), 'x'.repeat(51), 'a\tb', 'del\u007f'])(
    'agrees with the service’s own schema on %j',
    (name) => {
      expect(tagProblem(name) === null).toBe(v.safeParse(TagNameSchema, name).success);
    },
  );
});

describe('uniqueTags', () => {
  it('trims, drops empties and repeats, keeps the first order', () => {
    expect(uniqueTags([' b', 'a', 'b ', '', '  ', 'a', 'c'])).toEqual(['b', 'a', 'c']);
  });
});
