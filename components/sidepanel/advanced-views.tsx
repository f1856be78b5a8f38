/**
 * The advanced (per Indian state) analytics' four views, each its buckets in
 * their scale's order with the states in each: their own chunk
 * (./lazy-advanced-views.tsx), fetched when "More analytics" is first opened
 * (./advanced-section.tsx).
 */
import { ADV_ANALYTICS_KEYS, type AdvAnalyticsKey } from '../../lib/contract/schemas/adv-analytics-keys';
import { advancedRows } from '../../lib/analytics-view/advanced-rows';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import type { BlockView, CategorySpec, TreemapSpec } from '../../lib/analytics-view/types';
import { labelText } from '../../lib/analytics-view/analytics-text';
import { ADV_TITLE_KEYS } from '../../lib/analytics-view/service-names';
import { t } from '../../lib/i18n/catalogue';
import { BarList } from './bar-list';
import { BlockCard } from './block-card';
import { BlockProblem } from './block-problem';

const KEYS = Object.keys(ADV_ANALYTICS_KEYS) as AdvAnalyticsKey[];

const pieOf = (view: BlockView): CategorySpec | null =>
  view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? view.spec : null;
const treeOf = (view: BlockView): TreemapSpec | null => (view.status === 'chart' && view.spec.kind === 'treemap' ? view.spec : null);

function AdvancedView({ name, panel, fileBase }: { name: AdvAnalyticsKey; panel: PanelBlocks; fileBase: string }) {
  const pieId = `advPie:${name}` as const;
  const treeId = `advTree:${name}` as const;
  const pieView = panel.view(pieId);
  const treeView = panel.view(treeId);
  const pie = pieOf(pieView);
  const rows = advancedRows(pie, treeOf(treeView));
  // Each view its own heading, from the catalogue (lib/analytics-view/service-names.ts).
  const title = pie !== null ? labelText(pie.title) : t(ADV_TITLE_KEYS[name]);
  return (
    <BlockCard
      title={title}
      blockId={pieId}
      results={[
        { id: pieId, view: pieView },
        { id: treeId, view: treeView },
      ]}
      fileBase={fileBase}
    >
      {rows.length > 0 ? (
        <BarList blockId={pieId} label={title} rows={rows} />
      ) : (
        <BlockProblem reason={pieView.status === 'none' ? pieView.reason : 'empty'} title={title} total={panel.totalClicks} />
      )}
    </BlockCard>
  );
}

/** Every advanced view, in the service's order. */
export function AdvancedViews({ panel, fileBase }: { panel: PanelBlocks; fileBase: string }) {
  return (
    <>
      {KEYS.map((name) => (
        <AdvancedView key={name} name={name} panel={panel} fileBase={fileBase} />
      ))}
    </>
  );
}
