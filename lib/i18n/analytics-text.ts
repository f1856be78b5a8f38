/**
 * The side panel's words for what lib/analytics-view hands over as codes and
 * labels: catalogue keys translated, the service's names passed through as
 * text, numbers, dates, countries and the figures' age through Intl, and the
 * empty-state reasons.
 */
import type { BlockId } from '../analytics-view/block-id';
import { blockTitleKey } from '../analytics-view/block-title';
import { countryName } from '../analytics-view/country-name';
import type { CsvWords } from '../analytics-view/export-csv';
import type { ChartWords } from '../analytics-view/chart-config';
import type { PanelWords } from '../analytics-view/panel-blocks';
import { timeLabel } from '../analytics-view/time-labels';
import type { EmptyReason, Label, Unit } from '../analytics-view/types';
import { formatCount, formatDate, formatPercent, formatRelative, pluralForm, uiLocale } from './format';
import { t } from './catalogue';

export function formatNumber(value: number, unit: Unit): string {
  return unit === 'percent' ? formatPercent(value) : formatCount(value);
}

/** The catalogue's language, read once: a page draws hundreds of labels. */
let catalogueLanguage: string | undefined;

/** The service's words where the page speaks English like the service; the catalogue's where it has them otherwise. */
export function labelText(label: Label): string {
  if (!('text' in label)) return t(label.key);
  if (label.key === undefined) return label.text;
  catalogueLanguage ??= t('reachLanguage');
  return catalogueLanguage !== 'en' ? t(label.key) : label.text;
}

export function emptyText(reason: EmptyReason): string {
  switch (reason) {
    case 'missing':
      return t('sidepanelEmptyMissing');
    case 'malformed':
      return t('sidepanelEmptyMalformed');
    case 'empty':
      return t('sidepanelEmptyEmpty');
  }
}

export const fallbackTitle = (id: BlockId): string => t(blockTitleKey(id));

/** "Updated 5 seconds ago", from the fetch time and the panel's clock (never "in …": clocks may disagree). */
export function updatedText(fetchedAt: number, now: number): string {
  return t('sidepanelUpdated', formatRelative(Math.min(fetchedAt, now), now));
}

/** "436 clicks", "1 click". */
export function clicksText(count: number): string {
  return t(pluralForm(count) === 'one' ? 'sidepanelClicksOne' : 'sidepanelClicks', formatCount(count));
}

/** The trend's tabs: "Last 30 days", "Last 1 day", "Last 12 months", each count in its plural form. */
export function trendDaysText(days: number): string {
  return t(pluralForm(days) === 'one' ? 'sidepanelTrendDaysOne' : 'sidepanelTrendDays', formatCount(days));
}

export function trendMonthsText(months: number): string {
  return t(pluralForm(months) === 'one' ? 'sidepanelTrendMonthsOne' : 'sidepanelTrendMonths', formatCount(months));
}

/** Why a link is not in the header: not among the `searched` newest links of the workspace (none, one, or many). */
export function linkNotFoundText(searched: number): string {
  if (searched === 0) return t('sidepanelLinkNotFoundNone');
  return pluralForm(searched) === 'one' ? t('sidepanelLinkNotFoundOne') : t('sidepanelLinkNotFound', formatCount(searched));
}

/** The header's line under the short link: "436 clicks · Created 20 Nov 2026", each part when known. */
export function linkMetaText(clicks: number | null, createdDate: string | undefined): string {
  const parts = [clicks === null ? null : clicksText(clicks), createdDate === undefined ? null : t('sidepanelCreated', formatDate(createdDate))];
  return parts.filter((part) => part !== null).join(' · ');
}

export const chartWords: ChartWords = { label: labelText, number: formatNumber };

export function panelWords(locale = uiLocale()): PanelWords {
  return {
    country: (value) => countryName(value, locale),
    time: (raw, unit) => timeLabel(raw, unit, locale),
  };
}

export function csvWords(): CsvWords {
  return {
    label: labelText,
    fallbackTitle,
    empty: emptyText,
    nameHead: t('sidepanelTableName'),
    membersHead: t('sidepanelTableMembers'),
    more: (count) => t('sidepanelMore', formatNumber(count, 'count')),
  };
}
