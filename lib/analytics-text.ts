/**
 * The side panel's words for what lib/analytics-view hands over as codes and
 * labels: catalogue keys translated, the service's names passed through as
 * text, numbers in the catalogue's locale (Intl.NumberFormat), the figures'
 * age (Intl.RelativeTimeFormat), and the empty-state reasons.
 */
import { browser } from 'wxt/browser';
import type { BlockId } from './analytics-view/block-id';
import { blockTitleKey } from './analytics-view/block-title';
import type { CsvWords } from './analytics-view/export-csv';
import type { ChartWords } from './analytics-view/chart-config';
import type { EmptyReason, Label, Unit } from './analytics-view/types';
import { t } from './i18n';

/** The language the catalogue speaks in this browser, for Intl. */
export function uiLocale(): string {
  return browser.i18n.getUILanguage() || 'en';
}

let counts: Intl.NumberFormat | undefined;
let percents: Intl.NumberFormat | undefined;

export function formatNumber(value: number, unit: Unit): string {
  if (unit === 'percent') {
    percents ??= new Intl.NumberFormat(uiLocale(), { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
    return `${percents.format(value)} %`;
  }
  counts ??= new Intl.NumberFormat(uiLocale(), { maximumFractionDigits: 0 });
  return counts.format(value);
}

export function labelText(label: Label): string {
  return 'text' in label ? label.text : t(label.key);
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

/** "Updated 5 seconds ago", from the fetch time and the panel's clock. */
export function updatedText(fetchedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - fetchedAt) / 1000));
  const rtf = new Intl.RelativeTimeFormat(uiLocale(), { numeric: 'auto' });
  const ago =
    seconds < 60
      ? rtf.format(-seconds, 'second')
      : seconds < 3600
        ? rtf.format(-Math.floor(seconds / 60), 'minute')
        : seconds < 86_400
          ? rtf.format(-Math.floor(seconds / 3600), 'hour')
          : rtf.format(-Math.floor(seconds / 86_400), 'day');
  return t('sidepanelUpdated', ago);
}

export const chartWords: ChartWords = { label: labelText, number: formatNumber };

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
