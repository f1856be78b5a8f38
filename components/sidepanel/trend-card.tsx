import { useState } from 'preact/hooks';
import type { ChartTheme } from '../../lib/analytics-view/chart-config';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import type { BlockResult } from '../../lib/analytics-view/read-analytics';
import type { ThirtyDays, TrendRangeId } from '../../lib/analytics-view/trend-ranges';
import type { BlockView } from '../../lib/analytics-view/types';
import { trendZoneNote, type TrendZoneNote } from '../../lib/analytics-view/trend-zone-note';
import { zoneName } from '../../lib/analytics-view/analytics-text';
import { t } from '../../lib/i18n/catalogue';
import { uiLocale } from '../../lib/i18n/format';
import { timeLabel } from '../../lib/analytics-view/time-labels';
import { BarList } from './bar-list';
import { BlockCard } from './block-card';
import { BlockProblem } from './block-problem';
import { LazyChartCanvas } from './lazy-chart-card';

/** Each range's tab id: the two the service sends as charts keep their blocks' ids (data tables, CSV). */
const TAB_OF: Record<TrendRangeId, string> = { days7: 'daywiseDevices', days30: 'days30', days90: 'days90', months12: 'monthYearPlatform' };
const RANGE_OF: Record<string, TrendRangeId> = { daywiseDevices: 'days7', days30: 'days30', days90: 'days90', monthYearPlatform: 'months12' };
const LABEL: Record<TrendRangeId, 'sidepanelRange7' | 'sidepanelRange30' | 'sidepanelRange90' | 'sidepanelRange12'> = {
  days7: 'sidepanelRange7',
  days30: 'sidepanelRange30',
  days90: 'sidepanelRange90',
  months12: 'sidepanelRange12',
};

function ThirtyDaysView({ split, title, total }: { split: ThirtyDays; title: string; total: number | null }) {
  if (split.status === 'none') return <BlockProblem reason={split.reason} title={title} total={total} />;
  const rows = [{ key: 'sidepanelRangeLast7' as const, value: split.last7 }, ...(split.before === null ? [] : [{ key: 'sidepanelRangeBefore' as const, value: split.before }])];
  const max = Math.max(1, ...rows.map((r) => r.value));
  const all = rows.reduce((s, r) => s + r.value, 0);
  return (
    <>
      <BarList
        blockId="days30"
        label={title}
        rows={rows.map((r) => ({ label: { text: t(r.key) }, value: r.value, length: r.value / max, share: all > 0 ? r.value / all : 0 }))}
      />
      <p class="muted chart-note">{t('sidepanelRange30Note')}</p>
    </>
  );
}

/** The note on time zones under a range, in words (lib/analytics-view/trend-zone-note.ts). */
function zoneNoteText(note: TrendZoneNote, now: number): string {
  switch (note.kind) {
    case 'utc':
      return t('sidepanelTrendUtc', note.start);
    case 'months':
      return t('sidepanelTrendMonthsUtc', note.start);
    case 'zone':
      return t('sidepanelTrendZone', zoneName(now, uiLocale(), note.zone), note.start);
  }
}

/**
 * Clicks over time, right under the overview, in four ranges: 7 days (a bar a
 * day), 30 days (the last 7 days and the 23 before, all the service sends),
 * 90 days and 12 months (a bar a month), none before the link was created
 * (lib/analytics-view/trend-ranges.ts). The days are the reader's when the
 * service grouped them in the zone asked; UTC days, or another zone's (a
 * cached answer), and UTC months get a note that says when they start.
 */
export function TrendCard({ panel, theme, fileBase }: { panel: PanelBlocks; theme: ChartTheme; fileBase: string }) {
  const [range, setRange] = useState<TrendRangeId>('days7');
  const { trend } = panel;
  const title = t('sidepanelTrendHeading');
  const view: BlockView | null = range === 'days30' ? null : trend[range];
  const tab = TAB_OF[range];
  const results: BlockResult[] =
    view === null ? [{ id: 'clickTrends', view: panel.view('clickTrends') }] : [{ id: range === 'days7' ? 'daywiseDevices' : 'monthYearPlatform', view }];
  const now = Date.now();
  const zoneNote = trendZoneNote(range, panel.daysZone, now);
  return (
    <BlockCard
      title={title}
      blockId={tab}
      results={results}
      fileBase={fileBase}
      tabs={{
        label: t('sidepanelTrendPeriod'),
        current: tab,
        onSelect: (id) => setRange(RANGE_OF[id] ?? 'days7'),
        items: (Object.keys(TAB_OF) as TrendRangeId[]).map((id) => ({ id: TAB_OF[id], label: t(LABEL[id]) })),
      }}
    >
      {view === null ? (
        <ThirtyDaysView split={trend.days30} title={t(LABEL.days30)} total={panel.totalClicks} />
      ) : view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? (
        <LazyChartCanvas blockId={tab} spec={view.spec} kind="bar" theme={theme} label={`${title}: ${t(LABEL[range])}`} />
      ) : (
        <BlockProblem reason={view.status === 'none' ? view.reason : 'malformed'} title={t(LABEL[range])} total={panel.totalClicks} />
      )}
      {range === 'days90' && <p class="muted chart-note">{t('sidepanelRange90Note')}</p>}
      {trend.since !== null && trend.startsAtCreation.has(range) && <p class="muted chart-note">{t('sidepanelTrendSince', timeLabel(trend.since, 'day', uiLocale()))}</p>}
      {zoneNote !== null && <p class="muted chart-note">{zoneNoteText(zoneNote, now)}</p>}
    </BlockCard>
  );
}
