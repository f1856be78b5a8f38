/** Leads and sales recorded for a link (side panel). */
import * as v from 'valibot';
import { ErrorAnswerSchema, QueuedAnswerSchema } from './answers';
import { Text } from './fields';
import { LinkIdSchema } from './ids';

/** A lead for a link: its id, and the form's fields as typed (the background applies the service's rules, lib/conversions/record.ts). */
const RecordLeadRequestSchema = v.strictObject({
  linkId: LinkIdSchema,
  eventName: Text(1000),
  customerId: Text(1000),
  customerName: v.optional(Text(1000)),
  customerEmail: v.optional(Text(1000)),
});

/** A sale: a lead's fields plus the amount, already in minor units (the page parses the user's decimal). */
const RecordSaleRequestSchema = v.strictObject({
  ...RecordLeadRequestSchema.entries,
  amount: v.number(),
  currency: Text(10),
  invoiceId: v.optional(Text(1000)),
  paymentProcessor: v.optional(Text(1000)),
});

/** No not-configured answer: an unsaved connection is an error with its own code (lib/api/extension-codes.ts). */
const ConversionAnswerSchema = v.variant('status', [
  /** `timestamp`: when the service stored the event (ISO 8601). */
  v.object({ status: v.literal('done'), timestamp: v.string() }),
  QueuedAnswerSchema,
  ErrorAnswerSchema,
]);

export const CONVERSION_MESSAGES = {
  recordLead: { request: RecordLeadRequestSchema, answer: ConversionAnswerSchema },
  recordSale: { request: RecordSaleRequestSchema, answer: ConversionAnswerSchema },
};
