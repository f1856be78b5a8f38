import { useState } from 'preact/hooks';
import type { BlockId } from '../../lib/analytics-view/block-id';
import { barRows } from '../../lib/analytics-view/bar-rows';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import { BlockCard } from './block-card';
import { BarList } from './bar-list';
import { BlockProblem } from './block-problem';

export interface RankedView {
  id: BlockId;
  label: string;
}

interface Props {
  title: string;
  /** What the tabs choose between, for screen readers. */
  tabsLabel: string;
  views: readonly RankedView[];
  panel: PanelBlocks;
  fileBase: string;
}

/** One question in ranked lists (where clicks come from; what they click with), a tab per list. */
export function RankedCard({ title, tabsLabel, views, panel, fileBase }: Props) {
  const [current, setCurrent] = useState<BlockId>(views[0]?.id ?? 'clickedCountries');
  const view = panel.view(current);
  const shown = views.find((v) => v.id === current);
  return (
    <BlockCard
      title={title}
      blockId={current}
      results={[{ id: current, view }]}
      fileBase={fileBase}
      tabs={{ label: tabsLabel, current, onSelect: (id) => setCurrent(id as BlockId), items: views }}
    >
      {view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? (
        <BarList blockId={current} label={shown?.label ?? title} rows={barRows(view.spec)} />
      ) : (
        <BlockProblem reason={view.status === 'none' ? view.reason : 'malformed'} title={shown?.label ?? title} total={panel.totalClicks} />
      )}
    </BlockCard>
  );
}
