import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { labelText } from '../../lib/analytics-view/analytics-text';
import type { BlockResult } from '../../lib/analytics-view/read-analytics';
import { Tabs, tabIds, type TabItem } from '../shared/tabs';
import { LazyBlockMenu, LazyDataTable } from './lazy-menus';

export interface CardTabs {
  label: string;
  items: readonly TabItem[];
  current: string;
  onSelect: (id: string) => void;
}

interface Props {
  title: string;
  /** The block shown (data-block, for tests, styles and the benchmark). */
  blockId: string;
  /** The blocks whose figures the card shows: its data table and its CSV. */
  results: readonly BlockResult[];
  /** The panel's export name; the block's id is added to it. */
  fileBase: string;
  /** Several views of one question (countries, states, cities) under one heading. */
  tabs?: CardTabs;
  children: ComponentChildren;
}

const safe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '-');

/**
 * One question the panel answers: its heading, a menu with its data table
 * and CSV (one menu per card, not a button under each chart), optional tabs
 * between views of it, and the view. The table opens under the view.
 */
export function BlockCard({ title, blockId, results, fileBase, tabs, children }: Props) {
  const id = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const ids = tabs ? tabIds(id, tabs.current) : null;
  const drawn = results.filter((r) => r.view.status === 'chart');
  return (
    <section class="card block-card" aria-labelledby={`${id}-heading`}>
      <div class="block-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        <LazyBlockMenu
          title={title}
          results={results}
          fileName={`${fileBase}-${safe(blockId)}`}
          tableOpen={tableOpen}
          onToggleTable={() => setTableOpen(!tableOpen)}
        />
      </div>
      {tabs && <Tabs label={tabs.label} idPrefix={id} tabs={tabs.items} current={tabs.current} onSelect={tabs.onSelect} />}
      <div class="block-body" data-block={blockId} role={ids ? 'tabpanel' : undefined} id={ids?.panel} aria-labelledby={ids?.tab}>
        {children}
        {tableOpen &&
          drawn.map((r) =>
            r.view.status === 'chart' ? (
              <LazyDataTable key={r.id} id={`${id}-table-${safe(r.id)}`} caption={labelText(r.view.spec.title)} table={r.view.spec.table} />
            ) : null,
          )}
      </div>
    </section>
  );
}
