import { describe, expect, it } from 'vitest';
import { PLAIN_TEXT_PROBLEM_TEXT, plainTextProblem } from '../../../lib/contract/plain-text';

describe('plainTextProblem: what a name people read may not hold (tags, token names, profile names)', () => {
  it.each([
    'news',
    'Zoë Ñandú',
    'नमस्ते',
    'عربي',
    '名前',
    '🔥 hot',
    'cafe\u0301',
    'a b',
  ])('accepts %j', (text) => {
    expect(plainTextProblem(text)).toBeNull();
  });

  it.each([
    ['NUL', 'a\u0000b', 'control'],
    ['a tab', 'a\tb', 'control'],
    ['DEL', 'a\u007fb', 'control'],
    ['NEL (C1)', 'a\u0085b', 'control'],
    ['CSI (C1)', 'a\u009bb', 'control'],
    ['a lone high surrogate', 'a\ud800b', 'surrogate'],
    ['a lone low surrogate', '\udc00', 'surrogate'],
    ['a right-to-left override', '\u202egnp.exe', 'format'],
    ['a first-strong isolate', 'a\u2068b', 'format'],
    ['a left-to-right mark', 'a\u200eb', 'format'],
    ['a zero-width space', 'a\u200bb', 'format'],
    ['a zero-width space alone', '\u200b', 'format'],
    ['a zero-width joiner', 'a\u200db', 'format'],
    ['a byte order mark', 'a\ufeffb', 'format'],
    ['a soft hyphen', 'a\u00adb', 'format'],
    ['a language tag character', 'a\u{e0041}', 'format'],
  ])('%s: %s', (_name, text, problem) => {
    expect(plainTextProblem(text)).toBe(problem);
  });

  it('each problem has its words', () => {
    expect(PLAIN_TEXT_PROBLEM_TEXT.format).toMatch(/invisible/);
    expect(Object.keys(PLAIN_TEXT_PROBLEM_TEXT).sort()).toEqual(['control', 'format', 'surrogate']);
  });
});
