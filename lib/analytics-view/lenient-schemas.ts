import { anyNumber, array, fallback, object, optionalText, string, type Guard } from './guards';

/**
 * Block readers looser than the wire schema
 * (lib/contract/schemas/analytics.ts) where looseness keeps a chart drawable:
 * counts may be any number (clamped later by safe-count.ts, so one NaN or
 * 2^53 does not blank a chart), and a missing or mistyped `chart` or
 * `display` field falls back to the block's own default. The data's shape
 * is as strict as the wire's: a wrong shape is a malformed block.
 */

/** Any number, NaN and Infinity included: JSON cannot carry them, a corrupted object can. */
export const RawNumber = anyNumber;

export const Display = fallback(object({ title: optionalText, xAxisTitle: optionalText, yAxis: optionalText }), {});
export type DisplayTexts = { title?: string; xAxisTitle?: string; yAxis?: string };

/** `{chart, display, data}` with only `data` required. */
export function lenientBlock<TData>(data: Guard<TData>) {
  return object({ chart: optionalText, display: Display, data });
}

export const NamedSeries = array(object({ name: string, data: array(RawNumber) }));
