import { describe, expect, it } from 'vitest';
import { ADV_ANALYTICS_KEYS, type AdvAnalyticsKey } from '../../../lib/contract/schemas/adv-analytics-keys';
import { countryName } from '../../../lib/analytics-view/country-name';
import { readAnalytics } from '../../../lib/analytics-view/read-analytics';
import { ADV_TITLE_KEYS, bucketKey, deviceKey } from '../../../lib/analytics-view/service-names';
import type { BlockView } from '../../../lib/analytics-view/types';

const labels = (view: BlockView | undefined) =>
  view?.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? view.spec.labels : [];

describe('names of the service\'s own making are catalogue keys, never its English', () => {
  it('every bucket the interface names has a key; an unknown one has none (shown as sent)', () => {
    for (const names of Object.values(ADV_ANALYTICS_KEYS)) for (const name of names) expect(bucketKey(name)).toBeDefined();
    expect(bucketKey('Brand New Bucket')).toBeUndefined();
  });

  it('the four advanced cards each have their own heading', () => {
    const keys = (Object.keys(ADV_ANALYTICS_KEYS) as AdvAnalyticsKey[]).map((k) => ADV_TITLE_KEYS[k]);
    expect(new Set(keys).size).toBe(4);
  });

  it('devices and "Unknown" by key; a device kind not known stays as sent', () => {
    expect(deviceKey('Mobile')).toBe('analyticsDeviceMobile');
    expect(deviceKey('Unknown')).toBe('analyticsUnknown');
    expect(deviceKey('Smartwatch')).toBeUndefined();
  });

  it('a read answer carries the keys: buckets, devices and the advanced headings', () => {
    const results = readAnalytics({
      linkDetailsData: { topDevices: { data: { devices: [{ device: 'Desktop', count: 2 }, { device: 'Smartwatch', count: 1 }] } } },
      advanceAnalyticsData: {
        advAnalytics: {
          age_groups_recommendation: {
            name: 'Age groups',
            pieChart: { display: { title: 'Clicks by state median age' }, data: { 'Youthful EpiCenters': 3, 'Odd Bucket': 1 } },
            treeData: { data: {} },
          },
        },
      },
    });
    const byId = new Map(results.map((r) => [r.id, r.view]));
    expect(labels(byId.get('topDevices'))).toEqual([{ text: 'Desktop', key: 'analyticsDeviceDesktop' }, { text: 'Smartwatch' }]);
    const pie = byId.get('advPie:age_groups_recommendation');
    expect(labels(pie)).toEqual([{ text: 'Youthful EpiCenters', key: 'analyticsBucketYouthful' }, { text: 'Odd Bucket' }]);
    expect(pie?.status === 'chart' && pie.spec.title).toEqual({ text: 'Clicks by state median age', key: 'analyticsAdvAge' });
  });

  it('countries by code or by English name, in the reader\'s language', () => {
    expect(countryName('IN', 'en')).toBe('India');
    expect(countryName('India', 'hi')).toBe('भारत');
    expect(countryName('United States', 'hi')).toMatch(/[\u0900-\u097F]/);
    expect(countryName('Atlantis', 'hi')).toBe('Atlantis');
  });
});
