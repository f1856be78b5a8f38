import * as v from './guards';
import type { KindRule } from './chart-kind';
import { CountryTableSchema } from './country-table';
import { defineBlock, type BlockEntry } from './define-block';
import { RawNumber } from './lenient-schemas';
import { rankedSpec } from './ranked-spec';
import type { CategoryKind } from './types';

const DETAILS = 'linkDetailsData';

/** Few categories with short names: any of these draws well; the service's hint picks. */
const categorical = (fallback: CategoryKind): KindRule<CategoryKind> => ({
  accepts: ['bar', 'horizontalBar', 'pie', 'doughnut'],
  fallback,
});
/** Places: many, with long names, ranked: horizontal bars unless a pie is asked for. */
const PLACES: KindRule<CategoryKind> = {
  accepts: ['horizontalBar', 'pie', 'doughnut'],
  fallback: 'horizontalBar',
  barsHorizontal: true,
};

const count = RawNumber;

/** The six top lists. Each fallback is the kind the reference service asks for. */
export const RANKED_BLOCKS: readonly BlockEntry[] = [
  defineBlock(
    'topBrowsers',
    [DETAILS, 'topBrowsers'],
    v.object({ browsers: v.array(v.object({ browser: v.string, count })) }),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.browsers.map((row) => ({ label: row.browser, count: row.count })),
        hint, display, rule: categorical('doughnut'), titleKey: 'analyticsTopBrowsers',
      }),
  ),
  defineBlock(
    'topDevices',
    [DETAILS, 'topDevices'],
    v.object({ devices: v.array(v.object({ device: v.string, count })) }),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.devices.map((row) => ({ label: row.device, count: row.count })),
        hint, display, rule: categorical('pie'), titleKey: 'analyticsTopDevices',
      }),
  ),
  defineBlock(
    'topPlatforms',
    [DETAILS, 'topPlatforms'],
    // interface.md names this array `devices` although it holds platforms.
    v.object({ devices: v.array(v.object({ platform: v.string, count })) }),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.devices.map((row) => ({ label: row.platform, count: row.count })),
        hint, display, rule: categorical('bar'), titleKey: 'analyticsTopPlatforms',
      }),
  ),
  defineBlock(
    'clickedCountries',
    [DETAILS, 'clickedCountries'],
    CountryTableSchema,
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.rows,
        hint,
        // The table's own header names the axes when `display` does not.
        display: { ...display, xAxisTitle: display.xAxisTitle ?? data.header?.[0], yAxis: display.yAxis ?? data.header?.[1] },
        rule: PLACES, titleKey: 'analyticsClickedCountries',
      }),
  ),
  defineBlock(
    'topStates',
    [DETAILS, 'topStates'],
    v.array(v.object({ state: v.string, count })),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.map((row) => ({ label: row.state, count: row.count })),
        hint, display, rule: PLACES, titleKey: 'analyticsTopStates',
      }),
  ),
  defineBlock(
    'topCities',
    [DETAILS, 'topCities'],
    v.array(v.object({ city: v.string, count })),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.map((row) => ({ label: row.city, count: row.count })),
        hint, display, rule: PLACES, titleKey: 'analyticsTopCities',
      }),
  ),
];
