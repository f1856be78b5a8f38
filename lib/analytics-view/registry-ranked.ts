import * as v from './guards';
import type { KindRule } from './chart-kind';
import { CountryTableSchema } from './country-table';
import { defineBlock, type BlockEntry } from './define-block';
import { RawNumber } from './lenient-schemas';
import { rankedSpec } from './ranked-spec';
import { deviceKey, unknownKey } from './service-names';
import type { CategoryKind } from './types';

const DETAILS = 'linkDetailsData';

/**
 * Every top list is drawn as ranked bars with its names as text (the side
 * panel's bar lists): they read best at a side panel's width, whatever chart
 * the service's `chart` hint names (docs/design.md: the hint is a hint).
 */
const RANKED: KindRule<CategoryKind> = { accepts: ['horizontalBar'], fallback: 'horizontalBar', barsHorizontal: true };

const count = RawNumber;

/** The six top lists. */
export const RANKED_BLOCKS: readonly BlockEntry[] = [
  defineBlock(
    'topBrowsers',
    [DETAILS, 'topBrowsers'],
    v.object({ browsers: v.array(v.object({ browser: v.string, count })) }),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.browsers.map((row) => ({ label: row.browser, count: row.count })),
        hint, display, rule: RANKED, titleKey: 'analyticsTopBrowsers', keyOf: unknownKey,
      }),
  ),
  defineBlock(
    'topDevices',
    [DETAILS, 'topDevices'],
    v.object({ devices: v.array(v.object({ device: v.string, count })) }),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.devices.map((row) => ({ label: row.device, count: row.count })),
        hint, display, rule: RANKED, titleKey: 'analyticsTopDevices', keyOf: deviceKey,
      }),
  ),
  defineBlock(
    'topPlatforms',
    [DETAILS, 'topPlatforms'],
    // docs/interface.md names this array `devices` although it holds platforms.
    v.object({ devices: v.array(v.object({ platform: v.string, count })) }),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.devices.map((row) => ({ label: row.platform, count: row.count })),
        hint, display, rule: RANKED, titleKey: 'analyticsTopPlatforms', keyOf: unknownKey,
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
        rule: RANKED, titleKey: 'analyticsClickedCountries', keyOf: unknownKey,
      }),
  ),
  defineBlock(
    'topStates',
    [DETAILS, 'topStates'],
    v.array(v.object({ state: v.string, count })),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.map((row) => ({ label: row.state, count: row.count })),
        hint, display, rule: RANKED, titleKey: 'analyticsTopStates', keyOf: unknownKey,
      }),
  ),
  defineBlock(
    'topCities',
    [DETAILS, 'topCities'],
    v.array(v.object({ city: v.string, count })),
    ({ data, hint, display }) =>
      rankedSpec({
        rows: data.map((row) => ({ label: row.city, count: row.count })),
        hint, display, rule: RANKED, titleKey: 'analyticsTopCities', keyOf: unknownKey,
      }),
  ),
];
