import { describe, expect, it } from 'vitest';
import { ADV_ANALYTICS_KEYS, type AdvAnalyticsKey } from '../../lib/contract/schemas/analytics';
import { bucketOf, findIndiaState } from '../../server/analytics/india-classify';
import { INDIA_STATES } from '../../server/analytics/india-states';

describe('findIndiaState', () => {
  it.each([
    ['Maharashtra', 'IN', 'Maharashtra'],
    ['maharashtra', 'India', 'Maharashtra'],
    ['  MAHARASHTRA ', 'Unknown', 'Maharashtra'],
    ['IN-MH', 'Unknown', 'Maharashtra'],
    ['in-mh', 'IN', 'Maharashtra'],
    ['MH', 'IN', 'Maharashtra'],
    ['Orissa', 'IN', 'Odisha'],
    ['IN-OR', 'IN', 'Odisha'],
    ['OD', 'IN', 'Odisha'],
    ['Pondicherry', 'IN', 'Puducherry'],
    ['Uttaranchal', 'IN', 'Uttarakhand'],
    ['UK', 'IN', 'Uttarakhand'],
    ['TS', 'IN', 'Telangana'],
    ['TG', 'IN', 'Telangana'],
    ['Jammu & Kashmir', 'IN', 'Jammu and Kashmir'],
    ['NCT of Delhi', 'IN', 'Delhi'],
    ['National Capital Territory of Delhi', 'IN', 'Delhi'],
    ['Tamilnadu', 'IN', 'Tamil Nadu'],
    ['Daman and Diu', 'IN', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['Andaman & Nicobar Islands', 'IN', 'Andaman and Nicobar Islands'],
    ['Chattisgarh', 'IND', 'Chhattisgarh'],
  ])('%j in %j is %s', (state, country, name) => {
    expect(findIndiaState(state, country)?.name).toBe(name);
  });

  it.each([
    ['Punjab', 'PK'], // Pakistan's Punjab
    ['California', 'US'],
    ['Unknown', 'IN'],
    ['', 'IN'],
    ['MH', 'Unknown'], // a bare code needs the country to be India
    ['IN-ZZ', 'IN'],
    ['Maharashtra', 'US'],
    ['Atlantis', 'IN'],
  ])('%j in %j is not an Indian state', (state, country) => {
    expect(findIndiaState(state, country)).toBeNull();
  });
});

describe('india-states table', () => {
  it('lists 28 states and 8 union territories, each named once, with plausible figures', () => {
    expect(INDIA_STATES).toHaveLength(36);
    expect(new Set(INDIA_STATES.map((s) => s.name)).size).toBe(36);
    const codes = INDIA_STATES.flatMap((s) => s.codes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const state of INDIA_STATES) {
      expect(state.literacy).toBeGreaterThan(50);
      expect(state.literacy).toBeLessThan(100);
      expect(state.medianAge).toBeGreaterThan(15);
      expect(state.medianAge).toBeLessThan(40);
      if (state.perCapitaIncome !== null) expect(state.perCapitaIncome).toBeGreaterThan(40_000);
    }
  });

  it('puts every state in each key’s buckets except where no figure is published', () => {
    for (const key of Object.keys(ADV_ANALYTICS_KEYS) as AdvAnalyticsKey[]) {
      const used = new Set<string>();
      for (const state of INDIA_STATES) {
        const bucket = bucketOf(key, state);
        if (bucket === null) {
          expect(key).toBe('power_parity_recommendation');
          expect(state.perCapitaIncome).toBeNull();
        } else {
          expect(ADV_ANALYTICS_KEYS[key]).toContain(bucket);
          used.add(bucket);
        }
      }
      // Thresholds that left a bucket always empty would make the chart meaningless.
      expect(used.size).toBe(3);
    }
  });

  it.each([
    ['power_parity_recommendation', 'Goa', 'Prosperity Zones'],
    ['power_parity_recommendation', 'Maharashtra', 'Balanced Economies'],
    ['power_parity_recommendation', 'Uttar Pradesh', 'Economic Struggles'],
    ['population_literacy_recommendation', 'Kerala', 'Educational Frontiers'],
    ['population_literacy_recommendation', 'Karnataka', 'Diverse Growth Districts'],
    ['population_literacy_recommendation', 'Bihar', 'Emerging Development Corridors'],
    ['upi_penetration_recommendation', 'Telangana', 'Advanced UPI Adoption'],
    ['upi_penetration_recommendation', 'Gujarat', 'Intermediate UPI Integration'],
    ['upi_penetration_recommendation', 'Bihar', 'UPI Beginners'],
    ['age_groups_recommendation', 'Bihar', 'Youthful EpiCenters'],
    ['age_groups_recommendation', 'Gujarat', 'Age-Balanced Environments'],
    ['age_groups_recommendation', 'Kerala', 'Youth Deficient Districts'],
  ] as const)('%s: %s -> %s', (key, name, bucket) => {
    const state = INDIA_STATES.find((s) => s.name === name);
    expect(state && bucketOf(key, state)).toBe(bucket);
  });
});
