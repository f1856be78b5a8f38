/**
 * What the overview may truly say about the last 30 days against the 30
 * before. The service sends only the later window's clicks and a whole
 * percentage, and answers 100 both when the clicks doubled and when the
 * earlier window had none (server/analytics/blocks/click-trends.ts): "+100 %"
 * after a period with no clicks would be false. The all-time total bounds the
 * earlier window (it cannot hold more than the clicks older than 30 days), so
 * often the two readings can be told apart; when they cannot, "more than
 * before" is true of both.
 */
export type TrendChange =
  /** Nothing worth a line: no change, or figures that contradict each other. */
  | { readonly kind: 'none' }
  | { readonly kind: 'percent'; readonly percent: number }
  /** The 30 days before had no clicks. */
  | { readonly kind: 'none-before' }
  /** More clicks than in the 30 days before; by how much is not known. */
  | { readonly kind: 'up' };

/** The service's rounding: whole per cent, half away from zero. */
const rounded = (current: number, previous: number) => {
  const change = ((current - previous) / previous) * 100;
  return Math.sign(change) * Math.round(Math.abs(change));
};

/** Whether some earlier window of 1..maxBefore clicks gives exactly +100 % for `current`. */
function doublingPossible(current: number, maxBefore: number): boolean {
  // +100 % after rounding: current / previous in [1.995, 2.005), so previous in (current / 2.005, current / 1.995].
  const lo = Math.max(1, Math.floor(current / 2.005));
  const hi = Math.min(maxBefore, Math.ceil(current / 1.995));
  if (hi < lo) return false;
  // A window this wide always holds a whole number that fits; narrower ones are checked one by one.
  if (hi - lo > 8) return true;
  for (let previous = lo; previous <= hi; previous += 1) if (rounded(current, previous) === 100) return true;
  return false;
}

/**
 * `last30`: clicks in the last 30 days; `percent`: the service's change on the
 * 30 days before; `allTime`: the link's total clicks, or null when unknown.
 */
export function trendChange(last30: number, percent: number, allTime: number | null): TrendChange {
  if (!Number.isFinite(percent) || percent === 0) return { kind: 'none' };
  if (percent !== 100) return { kind: 'percent', percent };
  // Up from an earlier window with clicks would need clicks now.
  if (last30 <= 0) return { kind: 'none' };
  const maxBefore = allTime === null ? Number.MAX_SAFE_INTEGER : allTime - last30;
  if (maxBefore <= 0 || !doublingPossible(last30, maxBefore)) return { kind: 'none-before' };
  return { kind: 'up' };
}
