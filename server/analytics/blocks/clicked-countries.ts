import type { Analytics } from '../../../lib/contract/schemas/analytics';
import { UNKNOWN } from '../../clicks/sanitize';
import type { LabelCount } from '../label-count';

/**
 * A geo chart's table: a header row, then [country, clicks] per country, most
 * first. Countries are as the geo header gave them (ISO 3166-1 alpha-2 codes
 * from the usual proxies); clicks of unknown country cannot be drawn on a
 * map, so they are left out.
 */
export function clickedCountries(rows: readonly LabelCount[]): Analytics['linkDetailsData']['clickedCountries'] {
  return {
    chart: 'geo',
    display: { title: 'Clicks by country', yAxis: 'Clicks' },
    data: [['Country', 'Clicks'], ...rows.filter((row) => row.label !== UNKNOWN).map((row) => [row.label, row.count])],
  };
}
