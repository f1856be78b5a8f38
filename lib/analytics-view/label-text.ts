import type { AnalyticsMessageKey } from './message-keys';
import type { Label } from './types';

/**
 * A name from the service kept short enough for an axis, a legend and a
 * table cell. 80 code points holds any real browser, platform, state or city
 * name; a longer one is junk or an attack, and is cut rather than dropped so
 * the count beside it still shows.
 */
export const MAX_LABEL_CHARS = 80;

export function serviceLabel(raw: string, keyOf?: (name: string) => AnalyticsMessageKey | undefined): Label {
  const text = raw.trim();
  if (text === '') return { key: 'analyticsUnnamed' };
  const chars = Array.from(text);
  const shown = chars.length > MAX_LABEL_CHARS ? `${chars.slice(0, MAX_LABEL_CHARS - 1).join('')}…` : text;
  // A name of the service's own making (a device kind, a bucket) keeps its catalogue key: the page words it.
  const key = keyOf?.(text);
  return key === undefined ? { text: shown } : { text: shown, key };
}

/**
 * The block's display text, or the catalogue key when the service sent none.
 * The text keeps the key beside it, for pages in a language other than the service's.
 */
export function displayLabel<F extends Label | null>(raw: string | undefined, fallback: F): Label | F {
  if (raw === undefined || raw.trim() === '') return fallback;
  const label = serviceLabel(raw);
  return fallback !== null && 'text' in label && !('text' in fallback) ? { text: label.text, key: fallback.key } : label;
}
