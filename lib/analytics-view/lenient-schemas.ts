import * as v from 'valibot';

/**
 * Block schemas for reading, looser than the wire schema
 * (lib/api/schemas/analytics.ts) where looseness keeps a chart drawable:
 * counts may be any number (clamped later by safe-count.ts, so one NaN or
 * 2^53 does not blank a chart), and a missing or mistyped `chart` or
 * `display` field falls back to the block's own default. The data's shape
 * is as strict as the wire's: a wrong shape is a malformed block.
 */

/** Any number, NaN and Infinity included: JSON cannot carry them, a corrupted object can. */
export const RawNumber = v.custom<number>((input) => typeof input === 'number', 'a number');

const OptionalText = v.fallback(v.optional(v.string()), undefined);

export const Display = v.fallback(
  v.object({ title: OptionalText, xAxisTitle: OptionalText, yAxis: OptionalText }),
  {},
);
export type DisplayTexts = v.InferOutput<typeof Display>;

/** `{chart, display, data}` with only `data` required. */
export function lenientBlock<TData extends v.GenericSchema>(data: TData) {
  return v.object({ chart: OptionalText, display: Display, data });
}

export const NamedSeries = v.array(v.object({ name: v.string(), data: v.array(RawNumber) }));

