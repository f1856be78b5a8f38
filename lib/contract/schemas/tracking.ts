import * as v from 'valibot';
import { CONTROL_CHARACTERS, IdSchema, noControlCharacters, plainText } from './common';

/** True when no key or string anywhere in `value` holds a control character. Iterative: metadata is nested freely. */
function cleanStrings(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (CONTROL_CHARACTERS.test(item)) return false;
    } else if (Array.isArray(item)) {
      stack.push(...(item as unknown[]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) stack.push(key, child);
    }
  }
  return true;
}

/** Metadata is a flat-ish JSON object; its serialised size is capped so one event cannot bloat the store. */
const MetadataSchema = v.pipe(
  // valibot's record() accepts an array (and outputs it as an object): refuse it first.
  v.custom<Record<string, unknown>>((input) => !Array.isArray(input), 'must be an object, not an array'),
  v.record(v.string(), v.unknown()),
  v.check((value) => JSON.stringify(value).length <= 4096, 'must be at most 4096 characters as JSON'),
  v.check<Record<string, unknown>, string>(cleanStrings, 'must not contain control characters in its keys or values'),
);

// ISO 4217 codes as the JavaScript runtime knows them (Node and every browser ship the list).
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

const leadFields = {
  workspaceId: IdSchema,
  linkId: IdSchema,
  eventName: plainText(100),
  customerId: plainText(100),
  customerName: v.optional(plainText(200)),
  customerEmail: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254, 'must be at most 254 characters'), noControlCharacters(), v.email('must be an email address'))),
  metadata: v.optional(MetadataSchema),
};

export const TrackLeadBodySchema = v.object(leadFields);
export type TrackLeadBody = v.InferInput<typeof TrackLeadBodySchema>;

export const TrackSaleBodySchema = v.object({
  ...leadFields,
  /** Minor units (cents), so no floating-point money. */
  amount: v.pipe(v.number(), v.integer('must be a whole number of minor units'), v.minValue(0, 'must not be negative'), v.maxValue(Number.MAX_SAFE_INTEGER, 'is too large')),
  currency: v.pipe(v.string(), v.toUpperCase(), v.check((code) => CURRENCIES.has(code), 'must be an ISO 4217 currency code')),
  invoiceId: v.optional(plainText(100)),
  paymentProcessor: v.optional(plainText(50)),
});
export type TrackSaleBody = v.InferInput<typeof TrackSaleBodySchema>;

/**
 * The tracking answer is `{success, timestamp}`, and every success also carries
 * the boolean `status`, so the service sends all three at the top level:
 * `{status: true, success: true, timestamp}` (docs/interface.md, Tracking).
 */
export const TrackResponseSchema = v.object({
  status: v.boolean(),
  success: v.boolean(),
  timestamp: v.string(),
});
export type TrackResponse = v.InferOutput<typeof TrackResponseSchema>;
