import * as v from './guards';
import { chooseKind, type KindRule } from './chart-kind';
import { defineBlock, type BlockEntry } from './define-block';
import { figuresSpec } from './figures-spec';
import { displayLabel } from './label-text';
import { RawNumber } from './lenient-schemas';
import { safeCount, safeSigned } from './safe-count';

const FIGURES: KindRule<'figures'> = { accepts: ['figures'], fallback: 'figures' };

/** The score card and the 30-day trend: numbers, not charts. */
export const FIGURE_BLOCKS: readonly BlockEntry[] = [
  defineBlock(
    'scoreCard',
    ['freeUserData', 'scoreCardDetails'],
    v.object({
      totalClicks: RawNumber,
      uniqueCountries: v.array(v.string),
      uniqueStates: v.array(v.string),
      uniqueCities: v.array(v.string),
    }),
    ({ data, hint, display }) => {
      const total = safeCount(data.totalClicks);
      return figuresSpec({
        title: displayLabel(display.title, { key: 'analyticsScoreCard' }),
        hint: hint ?? null,
        hintHonoured: chooseKind(hint, FIGURES).honoured,
        clamped: total.clamped,
        figures: [
          { key: 'analyticsTotalClicks', value: total.value, unit: 'count' },
          { key: 'analyticsUniqueCountries', value: data.uniqueCountries.length, unit: 'count' },
          { key: 'analyticsUniqueStates', value: data.uniqueStates.length, unit: 'count' },
          { key: 'analyticsUniqueCities', value: data.uniqueCities.length, unit: 'count' },
        ],
      });
    },
  ),
  defineBlock(
    'clickTrends',
    ['linkDetailsData', 'clickTrends'],
    v.object({ totalClicks: RawNumber, percentageIncrease: RawNumber }),
    ({ data, hint, display }) => {
      const total = safeCount(data.totalClicks);
      const change = safeSigned(data.percentageIncrease);
      return figuresSpec({
        title: displayLabel(display.title, { key: 'analyticsClickTrends' }),
        hint: hint ?? null,
        hintHonoured: chooseKind(hint, FIGURES).honoured,
        clamped: total.clamped || change.clamped,
        figures: [
          { key: 'analyticsTotalClicks', value: total.value, unit: 'count' },
          { key: 'analyticsPercentageChange', value: change.value, unit: 'percent' },
        ],
      });
    },
  ),
];
