import { ADV_ANALYTICS_KEYS, type AdvAnalyticsKey, type Analytics } from '../../../lib/contract/schemas/analytics';
import type { Sql } from '../../db/sql';
import { bucketOf, findIndiaState } from '../india-classify';
import type { IndiaState } from '../india-states';

type AdvAnalytics = Analytics['advanceAnalyticsData']['advAnalytics'];

const TEXTS: Readonly<Record<AdvAnalyticsKey, { name: string; measure: string }>> = {
  power_parity_recommendation: { name: 'Purchasing power', measure: 'per-capita income' },
  population_literacy_recommendation: { name: 'Literacy', measure: 'literacy rate' },
  upi_penetration_recommendation: { name: 'UPI adoption', measure: 'UPI adoption' },
  age_groups_recommendation: { name: 'Age groups', measure: 'median age' },
};

/**
 * Clicks from Indian states, bucketed four ways by the state's figures in
 * india-states.ts. `treeData.data`: bucket -> states (canonical names,
 * alphabetical) that had clicks; `pieChart.data`: bucket -> clicks. Clicks of
 * unknown or non-Indian states, and states without a figure for a key, fall
 * in no bucket. Every bucket is present, empty or zero when nothing fell in it.
 */
export async function advAnalytics(db: Sql, linkId: string): Promise<Analytics['advanceAnalyticsData']> {
  const rows = await db.all<{ country: string; state: string; clicks: number }>(
    `SELECT country, state, sum(clicks) AS clicks FROM click_places
     WHERE link_id = ? AND state <> 'Unknown' GROUP BY country, state`,
    [linkId],
  );
  const clicksByState = new Map<IndiaState, number>();
  for (const row of rows) {
    const state = findIndiaState(row.state, row.country);
    if (state) clicksByState.set(state, (clicksByState.get(state) ?? 0) + row.clicks);
  }
  const entry = (key: AdvAnalyticsKey) => {
    const buckets = ADV_ANALYTICS_KEYS[key];
    const tree: Record<string, string[]> = Object.fromEntries(buckets.map((b) => [b, []]));
    const pie: Record<string, number> = Object.fromEntries(buckets.map((b) => [b, 0]));
    for (const [state, clicks] of clicksByState) {
      const bucket = bucketOf(key, state);
      if (bucket === null) continue;
      tree[bucket]?.push(state.name);
      pie[bucket] = (pie[bucket] ?? 0) + clicks;
    }
    for (const names of Object.values(tree)) names.sort((a, b) => a.localeCompare(b, 'en'));
    const { name, measure } = TEXTS[key];
    return {
      name,
      treeData: { chart: 'treemap', display: { title: `States with clicks by ${measure}` }, data: tree },
      pieChart: { chart: 'pie', display: { title: `Clicks by state ${measure}` }, data: pie },
    };
  };
  // The pie data's keys are exactly ADV_ANALYTICS_KEYS[key], built from that same list above.
  const advAnalytics = {
    power_parity_recommendation: entry('power_parity_recommendation'),
    population_literacy_recommendation: entry('population_literacy_recommendation'),
    upi_penetration_recommendation: entry('upi_penetration_recommendation'),
    age_groups_recommendation: entry('age_groups_recommendation'),
  } as AdvAnalytics;
  return { advAnalytics };
}
