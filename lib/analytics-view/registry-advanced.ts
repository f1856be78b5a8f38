import * as v from './guards';
import { ADV_ANALYTICS_KEYS, type AdvAnalyticsKey } from '../contract/schemas/adv-analytics-keys';
import { bucketSpec } from './bucket-spec';
import { chooseKind, type KindRule } from './chart-kind';
import { defineBlock, type BlockEntry } from './define-block';
import { displayLabel } from './label-text';
import { RawNumber } from './lenient-schemas';
import { treemapSpec } from './treemap-spec';
import { ADV_TITLE_KEYS } from './service-names';

const TREE: KindRule<'treemap'> = { accepts: ['treemap'], fallback: 'treemap' };

function advancedBlocks(key: AdvAnalyticsKey): BlockEntry[] {
  const at = ['advanceAnalyticsData', 'advAnalytics', key];
  return [
    defineBlock(`advPie:${key}`, [...at, 'pieChart'], v.record(RawNumber), ({ data, hint, display }) =>
      bucketSpec({ counts: data, known: ADV_ANALYTICS_KEYS[key], hint, display, titleKey: ADV_TITLE_KEYS[key] }),
    ),
    defineBlock(`advTree:${key}`, [...at, 'treeData'], v.record(v.array(v.string)), ({ data, hint, display }) =>
      treemapSpec({
        title: displayLabel(display.title, { key: 'analyticsAdvancedTree' }),
        hint: hint ?? null,
        hintHonoured: chooseKind(hint, TREE).honoured,
        sizeLabel: { key: 'analyticsStatesWithClicks' },
        groups: data,
      }),
    ),
  ];
}

/** Each of the four advanced views: its pie, then its tree data. */
export const ADVANCED_BLOCKS: readonly BlockEntry[] = (Object.keys(ADV_ANALYTICS_KEYS) as AdvAnalyticsKey[]).flatMap(advancedBlocks);
