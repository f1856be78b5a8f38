import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { LabelCount } from '../label-count';
import { knownLabels } from './known-labels';

export interface PlaceAndDeviceCounts {
  countries: readonly LabelCount[];
  states: readonly LabelCount[];
  cities: readonly LabelCount[];
  devices: readonly LabelCount[];
}

/**
 * `freeUserData`: the filter choices (distinct known values, alphabetical)
 * and the score card. `userSelection` is the client's own filter state; the
 * service has none to give, so it is an empty object.
 */
export function freeUserData(totalClicks: number, counts: PlaceAndDeviceCounts): Analytics['freeUserData'] {
  const countries = knownLabels(counts.countries);
  const states = knownLabels(counts.states);
  const cities = knownLabels(counts.cities);
  return {
    dropDownData: { countries, states, cities, devices: knownLabels(counts.devices), userSelection: {} },
    scoreCardDetails: {
      data: { totalClicks, uniqueCities: cities, uniqueCountries: countries, uniqueStates: states },
      chart: 'scorecard',
    },
  };
}
