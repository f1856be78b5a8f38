import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { LabelCount } from '../label-count';

type Details = Analytics['linkDetailsData'];

/** States and cities are many: the charts show the ten with most clicks. */
export const TOP_PLACES = 10;

export function topBrowsers(rows: readonly LabelCount[]): Details['topBrowsers'] {
  return {
    chart: 'doughnut',
    display: { title: 'Top browsers' },
    data: { browsers: rows.map(({ label, count }) => ({ count, browser: label })) },
  };
}

export function topDevices(rows: readonly LabelCount[]): Details['topDevices'] {
  return {
    chart: 'pie',
    display: { title: 'Top devices' },
    data: { devices: rows.map(({ label, count }) => ({ count, device: label })) },
  };
}

/** docs/interface.md names the array `devices` although it holds platforms. */
export function topPlatforms(rows: readonly LabelCount[]): Details['topPlatforms'] {
  return {
    chart: 'bar',
    display: { title: 'Top platforms' },
    data: { devices: rows.map(({ label, count }) => ({ platform: label, count })) },
  };
}

export function topStates(rows: readonly LabelCount[]): Details['topStates'] {
  return {
    chart: 'bar',
    display: { title: 'Top states' },
    data: rows.slice(0, TOP_PLACES).map(({ label, count }) => ({ count, state: label })),
  };
}

export function topCities(rows: readonly LabelCount[]): Details['topCities'] {
  return {
    chart: 'bar',
    display: { title: 'Top cities' },
    data: rows.slice(0, TOP_PLACES).map(({ label, count }) => ({ city: label, count })),
  };
}
