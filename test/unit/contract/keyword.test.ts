import { describe, expect, it } from 'vitest';
import { keywordProblem } from '../../../lib/contract/keyword';

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

describe('keywordProblem: the rule each refused keyword breaks, so the page can say what to change', () => {
  it.each([
    ['', 'empty'],
    ['x'.repeat(51), 'too-long'],
    // Too long first: one message at a time, the one that matters most.
    [`${'x'.repeat(50)} y`, 'too-long'],
    ['😀'.repeat(50), 'non-ascii'],
    ['😀'.repeat(51), 'too-long'],
    ['has space', 'spaces'],
    ['tab\there', 'spaces'],
    ['trailing\n', 'spaces'],
    ['a/b', 'slash'],
    ['a\\b', 'slash'],
    ['café', 'non-ascii'],
    ['emoji😀', 'non-ascii'],
    ['Ωmega', 'non-ascii'],
    ['dot.dot', 'characters'],
    ['what?', 'characters'],
    ['api', 'reserved'],
    ['Dashboard', 'reserved'],
  ])('%j: %s', (keyword, reason) => {
    expect(keywordProblem(keyword)?.reason).toBe(reason);
  });
});
