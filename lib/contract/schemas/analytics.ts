import * as v from 'valibot';
import { ADV_ANALYTICS_KEYS, type AdvAnalyticsKey } from './adv-analytics-keys';
import { envelope } from './common';

const Int = v.pipe(v.number(), v.integer());
const Title = v.object({ title: v.string() });
const AxisDisplay = v.object({ title: v.string(), xAxisTitle: v.string(), yAxis: v.string() });
const NamedSeries = v.array(v.object({ name: v.string(), data: v.array(Int) }));

/** A `linkDetailsData` block: the chart kind to draw, its display texts, and its data. */
function block<TData extends v.GenericSchema, TDisplay extends v.GenericSchema = typeof Title>(
  data: TData,
  display?: TDisplay,
) {
  return v.object({ chart: v.string(), display: display ?? Title, data });
}

export { ADV_ANALYTICS_KEYS, type AdvAnalyticsKey };

function advEntry<const TKeys extends readonly [string, string, string]>(keys: TKeys) {
  return v.object({
    name: v.string(),
    treeData: v.object({ chart: v.string(), display: Title, data: v.record(v.string(), v.array(v.string())) }),
    pieChart: v.object({
      chart: v.string(),
      display: Title,
      data: v.object({ [keys[0]]: Int, [keys[1]]: Int, [keys[2]]: Int } as Record<TKeys[number], typeof Int>),
    }),
  });
}

export const AnalyticsSchema = v.object({
  freeUserData: v.object({
    dropDownData: v.object({
      countries: v.array(v.string()),
      states: v.array(v.string()),
      cities: v.array(v.string()),
      devices: v.array(v.string()),
      userSelection: v.record(v.string(), v.unknown()),
    }),
    scoreCardDetails: v.object({
      data: v.object({
        totalClicks: Int,
        uniqueCities: v.array(v.string()),
        uniqueCountries: v.array(v.string()),
        uniqueStates: v.array(v.string()),
      }),
      chart: v.string(),
    }),
  }),
  linkDetailsData: v.object({
    topBrowsers: block(v.object({ browsers: v.array(v.object({ count: Int, browser: v.string() })) })),
    topDevices: block(v.object({ devices: v.array(v.object({ count: Int, device: v.string() })) })),
    // docs/interface.md names this array `devices` although it holds platforms.
    topPlatforms: block(v.object({ devices: v.array(v.object({ platform: v.string(), count: Int })) })),
    daywiseDevices: block(v.object({ series: NamedSeries, seriesCategory: v.array(v.string()) })),
    topStates: block(v.array(v.object({ count: Int, state: v.string() }))),
    topCities: block(v.array(v.object({ city: v.string(), count: Int }))),
    clickTrends: block(v.object({ totalClicks: Int, percentageIncrease: Int })),
    monthYearPlatform: block(v.object({ series: NamedSeries, categories: v.array(v.string()) }), AxisDisplay),
    hourDayClicks: block(v.object({ series: v.array(Int), categories: v.array(Int) }), AxisDisplay),
    clickedCountries: block(
      v.array(v.array(v.union([v.string(), v.number()]))),
      v.object({ title: v.string(), yAxis: v.string() }),
    ),
  }),
  advanceAnalyticsData: v.object({
    advAnalytics: v.object({
      power_parity_recommendation: advEntry(ADV_ANALYTICS_KEYS.power_parity_recommendation),
      population_literacy_recommendation: advEntry(ADV_ANALYTICS_KEYS.population_literacy_recommendation),
      upi_penetration_recommendation: advEntry(ADV_ANALYTICS_KEYS.upi_penetration_recommendation),
      age_groups_recommendation: advEntry(ADV_ANALYTICS_KEYS.age_groups_recommendation),
    }),
  }),
  /**
   * The zone (an IANA name, or "UTC") the days of daywiseDevices and
   * clickTrends were grouped in: an optional extension (GET …?timeZone=,
   * docs/interface.md). Absent from other services, whose days are UTC days;
   * anything but a string is read as absent.
   */
  timeZone: v.fallback(v.optional(v.string()), undefined),
  /**
   * Visits by known bots, crawlers and link-preview fetchers that the service
   * left out of totalClicks and every block: an optional extension
   * (docs/interface.md). Absent from other services; anything but a
   * non-negative whole number is read as absent.
   */
  botClicks: v.fallback(v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))), undefined),
});
export type Analytics = v.InferOutput<typeof AnalyticsSchema>;

export const AnalyticsResponseSchema = envelope(AnalyticsSchema);
