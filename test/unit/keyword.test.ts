import { describe, expect, it } from 'vitest';
import { keywordProblem } from '../../lib/api/keyword';

describe('keywordProblem', () => {
  it.each(['a', 'launch-2026', 'Summer_Sale', 'x'.repeat(50), '0'])('accepts %j', (keyword) => {
    expect(keywordProblem(keyword)).toBeNull();
  });

  it.each([
    ['', 'INVALID_KEYWORD'],
    ['has space', 'INVALID_KEYWORD'],
    ['a/b', 'INVALID_KEYWORD'],
    ['line\r\nbreak', 'INVALID_KEYWORD'],
    ['trailing\n', 'INVALID_KEYWORD'],
    ['café', 'INVALID_KEYWORD'],
    ['emoji😀', 'INVALID_KEYWORD'],
    ['dot.dot', 'INVALID_KEYWORD'],
    ['x'.repeat(51), 'INVALID_KEYWORD'],
    ['api', 'RESERVED_KEYWORD'],
    ['API', 'RESERVED_KEYWORD'],
    ['Health', 'RESERVED_KEYWORD'],
  ])('refuses %j with %s', (keyword, code) => {
    expect(keywordProblem(keyword)?.code).toBe(code);
  });
});
