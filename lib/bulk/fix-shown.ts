/**
 * A line's fix as the page shows it, short: the part written and the part
 * meant ("htps:// → https://", "www.… → https://www.…"), the rest of the
 * address being the same on both sides.
 */
import type { LineProblem } from './line-problems';

export function fixShown(problem: Pick<LineProblem, 'raw' | 'kind' | 'fix'>): { from: string; to: string } | null {
  const { raw, kind, fix } = problem;
  if (fix === null) return null;
  if (kind === 'scheme-typo') {
    // fix = scheme + "://" + rest, and raw ends with that same rest.
    const rest = fix.slice(fix.indexOf('://') + 3);
    if (raw.endsWith(rest)) return { from: raw.slice(0, raw.length - rest.length), to: fix.slice(0, fix.length - rest.length) };
    return { from: raw, to: fix };
  }
  const label = raw.split('.')[0] ?? raw;
  return { from: `${label}.…`, to: `${fix.slice(0, fix.length - raw.length)}${label}.…` };
}
