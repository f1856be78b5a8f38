import { describe, expect, it } from 'vitest';
import { applyFix } from '../../../lib/bulk/apply-fix';
import { findUrls } from '../../../lib/text-links/find-urls';
import { fixShown } from '../../../lib/bulk/fix-shown';
import { findLineProblems, judgeWord } from '../../../lib/bulk/line-problems';

const problemsOf = (text: string) => findLineProblems(text, 'text', findUrls(text, 'text'));

/** The list of the issue: links, a scheme typo, a bare www., an ftp: line, and prose. */
const PASTED = [
  'https://acme-events.example/spring?utm_source=news',
  'htps://typo.example/spring',
  'www.acme-events.example/tickets',
  'ftp://files.example/brochure.pdf',
  'Thanks for coming, see you in May!',
  'acme.example/path',
].join('\n');

describe('lines with something link-like that is not a usable URL', () => {
  it('names the scheme typo and the bare www. with their lines and fixes; prose and URLs found are not problems', () => {
    expect(problemsOf(PASTED).map(({ line, raw, kind, fix }) => ({ line, raw, kind, fix }))).toEqual([
      { line: 2, raw: 'htps://typo.example/spring', kind: 'scheme-typo', fix: 'https://typo.example/spring' },
      { line: 3, raw: 'www.acme-events.example/tickets', kind: 'no-scheme', fix: 'https://www.acme-events.example/tickets' },
      { line: 6, raw: 'acme.example/path', kind: 'no-scheme', fix: 'https://acme.example/path' },
    ]);
  });

  it.each([
    ['htps://a.example/x', 'https://a.example/x'],
    ['htp://a.example/x', 'http://a.example/x'],
    ['hhtps://a.example', 'https://a.example'],
    ['HTTPS:/a.example/x', 'https://a.example/x'],
    ['http//a.example/x', 'http://a.example/x'],
    ['https//a.example', 'https://a.example'],
    ['https:\\\\a.example\\x', 'https://a.example/x'],
    ['httpss://a.example', 'https://a.example'],
    ['ttps://a.example', 'https://a.example'],
  ])('a misspelt scheme: %s → %s', (word, fix) => {
    const judged = judgeWord(word, false);
    expect(judged?.kind).toBe('scheme-typo');
    if (fix !== null) expect(judged?.fix).toBe(fix);
  });

  it.each([
    ['www.acme.example', false, 'https://www.acme.example'],
    ['WWW.acme.example/a?b=1', false, 'https://WWW.acme.example/a?b=1'],
    ['acme.example/path', true, 'https://acme.example/path'],
  ])('no scheme: %s (alone on its line: %s)', (word, alone, fix) => {
    expect(judgeWord(word, alone)).toEqual({ kind: 'no-scheme', fix });
  });

  it.each([
    ['acme.example/path', false],
    ['acme.example', true],
    ['e.g.', true],
    ['node.js', true],
    ['bob@acme.example', true],
    ['http:', true],
    ['https:', false],
    ['mailto:bob@acme.example', true],
    ['10:30', true],
    ['ftp.files', true],
    ['Note:', true],
  ])('prose, not a problem: %s', (word, alone) => {
    expect(judgeWord(word, alone)).toBeNull();
  });

  it('reads a bare host in prose as prose, and one alone on a list line as a link', () => {
    expect(problemsOf('We moved to acme.example/new last week.')).toEqual([]);
    expect(problemsOf('- shop.example/sale\n2. shop.example/two').map((p) => p.fix)).toEqual(['https://shop.example/sale', 'https://shop.example/two']);
  });

  it('finds a typo inside Markdown and HTML, and counts lines ended by CRLF and CR', () => {
    const text = 'a\r\nb\r[the page](htps://c.example/y)\n<a href="www.d.example/z">d</a>';
    const found = findLineProblems(text, 'html', findUrls(text, 'html'));
    expect(found.map((p) => [p.line, p.raw])).toEqual([
      [3, 'htps://c.example/y'],
      [4, 'www.d.example/z'],
    ]);
  });
});

describe('Use it', () => {
  it('rewrites only that word of the text', () => {
    const [typo, www] = problemsOf(PASTED);
    const once = applyFix(PASTED, typo!)!;
    expect(once.split('\n')[1]).toBe('https://typo.example/spring');
    expect(once.split('\n').filter((_, i) => i !== 1)).toEqual(PASTED.split('\n').filter((_, i) => i !== 1));
    // The text moved since (the line before grew): the word is found on its line again.
    const moved = applyFix(once, www!)!;
    expect(moved.split('\n')[2]).toBe('https://www.acme-events.example/tickets');
    expect(problemsOf(moved).map((p) => p.line)).toEqual([6]);
  });

  it('leaves the text alone when the word is gone', () => {
    const [typo] = problemsOf(PASTED);
    expect(applyFix('nothing here', typo!)).toBeNull();
  });

  it('shows the fix short: the start written and the start meant', () => {
    const [typo, www, bare] = problemsOf(PASTED);
    expect(fixShown(typo!)).toEqual({ from: 'htps://', to: 'https://' });
    expect(fixShown(www!)).toEqual({ from: 'www.…', to: 'https://www.…' });
    expect(fixShown(bare!)).toEqual({ from: 'acme.…', to: 'https://acme.…' });
  });
});
