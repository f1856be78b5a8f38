import * as v from './guards';
import { defineBlock, type BlockEntry } from './define-block';
import { NamedSeries, RawNumber } from './lenient-schemas';
import { seriesSpec, TIME_RULE } from './series-spec';

const DETAILS = 'linkDetailsData';

/**
 * The three blocks over time. The hour-of-day block is one row of 24 counts
 * (no day dimension), so it is a bar or line, never a day-by-hour heat map.
 */
export const TIME_BLOCKS: readonly BlockEntry[] = [
  defineBlock(
    'daywiseDevices',
    [DETAILS, 'daywiseDevices'],
    v.object({ series: NamedSeries, seriesCategory: v.array(v.string) }),
    ({ data, hint, display }) =>
      seriesSpec({
        series: data.series, categories: data.seriesCategory, single: false,
        hint, display, rule: TIME_RULE('bar'), titleKey: 'analyticsDaywiseDevices',
      }),
  ),
  defineBlock(
    'monthYearPlatform',
    [DETAILS, 'monthYearPlatform'],
    v.object({ series: NamedSeries, categories: v.array(v.string) }),
    ({ data, hint, display }) =>
      seriesSpec({
        series: data.series, categories: data.categories, single: false,
        hint, display, rule: TIME_RULE('line'), titleKey: 'analyticsMonthYearPlatform',
      }),
  ),
  defineBlock(
    'hourDayClicks',
    [DETAILS, 'hourDayClicks'],
    v.object({ series: v.array(RawNumber), categories: v.array(v.union(v.number, v.string)) }),
    ({ data, hint, display }) =>
      seriesSpec({
        series: [{ name: '', data: data.series }], categories: data.categories.map(String), single: true,
        hint, display, rule: TIME_RULE('bar'), titleKey: 'analyticsHourDayClicks',
      }),
  ),
];
