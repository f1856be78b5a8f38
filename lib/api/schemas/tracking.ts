import * as v from 'valibot';
import { IdSchema } from './common';

const ShortText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`));

/** Metadata is a flat-ish JSON object; its serialised size is capped so one event cannot bloat the store. */
const MetadataSchema = v.pipe(
  // valibot's record() accepts an array (and outputs it as an object): refuse it first.
  v.custom<Record<string, unknown>>((input) => !Array.isArray(input), 'must be an object, not an array'),
  v.record(v.string(), v.unknown()),
  v.check((value) => JSON.stringify(value).length <= 4096, 'must be at most 4096 characters as JSON'),
);

// ISO 4217 codes as the JavaScript runtime knows them (Node and every browser ship the list).
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

const leadFields = {
  workspaceId: IdSchema,
  linkId: IdSchema,
  eventName: ShortText(100),
  customerId: ShortText(100),
  customerName: v.optional(ShortText(200)),
  customerEmail: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254, 'must be at most 254 characters'), v.email('must be an email address'))),
  metadata: v.optional(MetadataSchema),
};

export const TrackLeadBodySchema = v.object(leadFields);
export type TrackLeadBody = v.InferInput<typeof TrackLeadBodySchema>;

export const TrackSaleBodySchema = v.object({
  ...leadFields,
  /** Minor units (cents), so no floating-point money. */
  amount: v.pipe(v.number(), v.integer('must be a whole number of minor units'), v.minValue(0, 'must not be negative'), v.maxValue(Number.MAX_SAFE_INTEGER, 'is too large')),
  currency: v.pipe(v.string(), v.toUpperCase(), v.check((code) => CURRENCIES.has(code), 'must be an ISO 4217 currency code')),
  invoiceId: v.optional(ShortText(100)),
  paymentProcessor: v.optional(ShortText(50)),
});
export type TrackSaleBody = v.InferInput<typeof TrackSaleBodySchema>;

/**
 * interface.md gives the tracking answer as `{success, timestamp}`, while every
 * success also carries the boolean `status`. The service sends all three at
 * the top level: `{status: true, success: true, timestamp}`.
 */
export const TrackResponseSchema = v.object({
  status: v.boolean(),
  success: v.boolean(),
  timestamp: v.string(),
});
export type TrackResponse = v.InferOutput<typeof TrackResponseSchema>;
