/**
 * Hostile text, 64 KB and 2 MB of it, for each format the bulk page reads:
 * every scan of it is linear, so each case runs to completion here with the
 * right result, while a quadratic scan (a regex run from every `<a ` to the
 * text's end, a URL search repeated from every CSV field) runs for minutes
 * and fails on the test's timeout. Speed itself is measured by
 * test/bench/hostile-text.bench.ts, not asserted here.
 */
import { describe, expect, it } from 'vitest';
import type { TextFormat } from '../../../lib/batch/batch-types';
import { findUrls } from '../../../lib/text-links/find-urls';
import { findLineProblems } from '../../../lib/bulk/line-problems';
import { prepareList } from '../../../lib/text-links/prepare-list';
import { replaceUrls } from '../../../lib/text-links/replace-in-text';
import { textFormat } from '../../../lib/bulk/text-format';
import { HOSTILE_TEXTS, KB_64, MB_2 } from './hostile-texts';

/** What the page does with a text: tell its format as it is typed, find its URLs, judge them, replace them. */
function readAll(text: string, format: TextFormat): { format: TextFormat; found: number; valid: number; replaced: string; problems: number } {
  // The format is told again on each keystroke: a few keystrokes at the text's end.
  let told = textFormat(text);
  for (let i = 0; i < 8; i += 1) told = textFormat(`${text}${'x'.repeat(i)}`);
  const found = findUrls(text, format);
  const list = prepareList(found, []);
  const replaced = replaceUrls(text, found, list.keys, () => 'https://s.rt/1').text;
  // The lines that look like links but are not (a run of `((((` once made this quadratic).
  const problems = findLineProblems(text, format, found).length;
  return { format: told, found: found.length, valid: list.valid.length, replaced, problems };
}

describe.each(HOSTILE_TEXTS)('$kind: $name', ({ format, make, expected }) => {
  it.each([
    ['64 KB', KB_64],
    ['2 MB', MB_2],
  ])('%s runs to completion with the right result', (_, size) => {
    const text = make(size);
    expect(text.length).toBeGreaterThanOrEqual(size * 0.95);
    const result = readAll(text, format);
    const want = expected(text);
    expect(result.format).toBe(want.format);
    expect(result.found).toBe(want.found);
    expect(result.valid).toBe(want.valid);
    if (want.found === 0) expect(result.replaced).toBe(text);
    // None of these texts holds a misspelt or scheme-less link.
    expect(result.problems).toBe(0);
  });
});
