/**
 * The side panel's words for what lib/analytics-view hands over as codes and
 * labels: catalogue keys translated, the service's names passed through as
 * text, numbers, dates, countries and the figures' age through Intl, and the
 * empty-state reasons.
 */
import type { BlockId } from './block-id';
import { blockTitleKey } from './block-title';
import { countryName } from './country-name';
import type { CsvWords } from './export-csv';
import type { ChartWords } from './chart-config';
import type { PanelWords } from './panel-blocks';
import { timeLabel } from './time-labels';
import { clockLabel } from './local-hours';
import { zoneOffsetMinutes } from '../contract/time-zone';
import type { EmptyReason, Label, Unit } from './types';
import { formatCount, formatDate, formatPercent, formatRelative, pluralForm, uiLocale } from '../i18n/format';
import { t } from '../i18n/catalogue';

export function formatNumber(value: number, unit: Unit): string {
  return unit === 'percent' ? formatPercent(value) : formatCount(value);
}

/**
 * A label in words: the catalogue's wherever the label has a key (a block's
 * title, a device kind, a bucket), in every language, so the service's
 * English display strings are never shown as they come; otherwise the name
 * as the service sent it (a browser, a city), as text.
 */
export function labelText(label: Label): string {
  if (label.key !== undefined) return t(label.key);
  return 'text' in label ? label.text : '';
}

/**
 * Why a block shows no figures. A block that was not sent or cannot be read
 * says so, naming it (`title`); only a block truly without clicks says there
 * is nothing yet. `total`: the link's clicks, for a block that counts none of them.
 */
export function emptyText(reason: EmptyReason, title: string, total: number | null = null): string {
  switch (reason) {
    case 'missing':
      return t('sidepanelBlockMissing', title);
    case 'malformed':
      return t('sidepanelBlockMalformed', title);
    case 'uncounted':
      return t('sidepanelBlockUncounted', title, formatCount(total ?? 0));
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

/** "12 visits by link previews and bots not counted", "1 visit by …": what the total leaves out. */
export function botVisitsText(count: number): string {
  return t(pluralForm(count) === 'one' ? 'sidepanelBotVisitsOne' : 'sidepanelBotVisits', formatCount(count));
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

/**
 * The zone's offset as the reader's language writes it ("GMT−5", "GMT+5:30"),
 * or "UTC". The hyphen becomes a minus sign, which a line never breaks after
 * ("GMT-" at a line's end and "5" on the next).
 */
export function zoneName(at: number, locale = uiLocale(), timeZone?: string): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    if (part !== undefined) return part.value.replace(/-/g, '\u2212');
  } catch {
    // An engine without shortOffset: the offset in figures below.
  }
  const offset = zoneOffsetMinutes(at, timeZone);
  return offset === 0 ? 'UTC' : `UTC${offset > 0 ? '+' : '\u2212'}${clockLabel(Math.abs(offset))}`;
}

export function panelWords(locale = uiLocale(), now = Date.now(), timeZone?: string): PanelWords {
  // The reader's zone (two date formats to make) is worked out when the hours are first read, with
  // the cards: the overview, drawn before them, does not wait for it.
  let offset: number | undefined;
  let title: string | undefined;
  return {
    country: (value) => countryName(value, locale),
    time: (raw, unit) => timeLabel(raw, unit, locale),
    get offsetMinutes() {
      return (offset ??= zoneOffsetMinutes(now, timeZone));
    },
    get hoursTitle() {
      return (title ??= t('sidepanelHoursHeading', zoneName(now, locale, timeZone)));
    },
    hoursAxis: t('sidepanelHoursAxis'),
  };
}

export function csvWords(): CsvWords {
  return {
    label: labelText,
    fallbackTitle,
    empty: (reason, id) => emptyText(reason, fallbackTitle(id)),
    nameHead: t('sidepanelTableName'),
    membersHead: t('sidepanelTableMembers'),
    more: (count) => t('sidepanelMore', formatNumber(count, 'count')),
  };
}
