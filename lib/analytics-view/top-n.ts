import { serviceLabel } from './label-text';
import { addCounts, safeCount } from './safe-count';
import type { AnalyticsMessageKey } from './message-keys';
import type { Label } from './types';

export interface RankedInput {
  readonly label: string;
  readonly count: number;
}

export interface Ranked {
  readonly labels: readonly Label[];
  readonly values: readonly number[];
  readonly clamped: boolean;
}

/**
 * The `limit` largest counts, largest first (ties keep the service's order),
 * and the rest summed as one "other" entry: 10,000 cities make eleven bars,
 * and the total of the chart still equals the total sent.
 */
export function topN(rows: readonly RankedInput[], limit: number, keyOf?: (name: string) => AnalyticsMessageKey | undefined): Ranked {
  let clamped = false;
  const counted = rows.map((row) => {
    const count = safeCount(row.count);
    clamped ||= count.clamped;
    return { label: row.label, value: count.value };
  });
  counted.sort((a, b) => b.value - a.value);
  const shown = counted.slice(0, limit);
  const labels: Label[] = shown.map((row) => serviceLabel(row.label, keyOf));
  const values = shown.map((row) => row.value);
  if (counted.length > limit) {
    let other = 0;
    for (const row of counted.slice(limit)) {
      const sum = addCounts(other, row.value);
      clamped ||= sum.clamped;
      other = sum.value;
    }
    labels.push({ key: 'analyticsOther' });
    values.push(other);
  }
  return { labels, values, clamped };
}
