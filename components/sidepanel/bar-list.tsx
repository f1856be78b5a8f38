import { useLayoutEffect } from 'preact/hooks';
import type { AdvancedRow } from '../../lib/analytics-view/advanced-rows';
import type { BarRow } from '../../lib/analytics-view/bar-rows';
import { PANEL_MARKS, markOnce } from '../../lib/analytics-view/panel-marks';
import { labelText } from '../../lib/analytics-view/analytics-text';
import { formatCount } from '../../lib/i18n/format';
import { t } from '../../lib/i18n/catalogue';

interface Props {
  blockId: string;
  /** Names the list for screen readers. */
  label: string;
  rows: readonly (BarRow | AdvancedRow)[];
}

const MEMBERS_SHOWN = 12;

function members(row: BarRow | AdvancedRow): string | null {
  if (!('members' in row) || row.members.length === 0) return null;
  const names = row.members.slice(0, MEMBERS_SHOWN).map(labelText);
  const more = row.more + Math.max(0, row.members.length - MEMBERS_SHOWN);
  return more > 0 ? `${names.join(', ')} ${t('sidepanelMore', formatCount(more))}` : names.join(', ');
}

/**
 * A ranked list as bars (Dub's "bar list"): every name whole, as text, with
 * its count, over a bar as long as its share of the largest. Its own text
 * alternative; the data table has the same figures in columns.
 */
export function BarList({ blockId, label, rows }: Props) {
  // Drawn in the commit that adds it (no canvas to wait for).
  useLayoutEffect(() => markOnce(`${PANEL_MARKS.chart}${blockId}`), [blockId]);
  return (
    <ol class="bar-list" aria-label={label} data-chart={blockId}>
      {rows.map((row, i) => {
        const names = members(row);
        return (
          <li key={i}>
            <div class="bar-row">
              <span class="bar" aria-hidden="true" style={{ width: `${(row.length * 100).toFixed(1)}%` }} />
              <span class="bar-label">{labelText(row.label)}</span>
              <span class="bar-value">{formatCount(row.value)}</span>
            </div>
            {names !== null && <p class="bar-members">{names}</p>}
          </li>
        );
      })}
    </ol>
  );
}
