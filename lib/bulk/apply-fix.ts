/**
 * "Use it" on a problem line (./line-problems.ts): the text with that one
 * word replaced by the URL it most likely meant, and nothing else changed.
 * The text may have changed since the problem was found (the user typed):
 * then the word is looked for on its line again, and left alone if gone.
 */
import type { LineProblem } from './line-problems';

export function applyFix(text: string, problem: Pick<LineProblem, 'start' | 'end' | 'raw' | 'fix'>): string | null {
  const { start, end, raw, fix } = problem;
  if (fix === null) return null;
  if (text.slice(start, end) === raw) return text.slice(0, start) + fix + text.slice(end);
  // Moved: the nearest copy of it, if any.
  const after = text.indexOf(raw, Math.max(0, start - 200));
  if (after < 0) return null;
  return text.slice(0, after) + fix + text.slice(after + raw.length);
}
