/**
 * The lead and sale forms' fields, checked as they are typed by the rules the
 * service applies (lib/contract/schemas/tracking.ts, read here, not copied). A
 * problem is a code and the values its catalogue message is filled with; the
 * page words it (lib/conversions/conversions-text.ts).
 */
import * as v from 'valibot';
import { TrackSaleBodySchema } from '../contract/schemas/tracking';
import { parseAmount, type AmountProblem } from './money-amount';

export const LEAD_FIELDS = ['eventName', 'customerId', 'customerName', 'customerEmail'] as const;
export const SALE_FIELDS = [...LEAD_FIELDS, 'amount', 'currency', 'invoiceId', 'paymentProcessor'] as const;

export type FieldName = (typeof SALE_FIELDS)[number];

/** Empty is fine for these: the field is left out of the request. */
const OPTIONAL: ReadonlySet<FieldName> = new Set(['customerName', 'customerEmail', 'invoiceId', 'paymentProcessor']);

export type FieldProblem =
  | { code: 'required' }
  | { code: 'too-long'; max: number }
  | { code: 'control' }
  | { code: 'email' }
  | { code: 'currency' }
  | { code: `amount-${AmountProblem}` };

export interface FieldContext {
  locale: string;
  currency: string;
}

/** Why `value` cannot be sent as `field`, or null. */
export function checkField(field: FieldName, value: string, ctx: FieldContext): FieldProblem | null {
  if (value.trim() === '') return OPTIONAL.has(field) ? null : { code: field === 'amount' ? 'amount-empty' : 'required' };
  if (field === 'amount') {
    // How many digits an amount may have depends on the currency: the currency field reports a bad one.
    if (checkField('currency', ctx.currency, ctx) !== null) return null;
    const parsed = parseAmount(value, ctx);
    return parsed.ok ? null : { code: `amount-${parsed.problem}` };
  }
  if (field === 'currency') {
    return v.safeParse(TrackSaleBodySchema.entries.currency, value).success ? null : { code: 'currency' };
  }
  return textProblem(v.safeParse(TrackSaleBodySchema.entries[field], value));
}

/** The schema's first issue as a code: which action of its pipe refused the text. */
function textProblem(result: v.SafeParseResult<v.GenericSchema>): FieldProblem | null {
  if (result.success) return null;
  const issue = result.issues[0];
  switch (issue.type) {
    case 'min_length':
      return { code: 'required' };
    case 'max_length':
      return { code: 'too-long', max: Number(issue.requirement) };
    case 'email':
      return { code: 'email' };
    default:
      // The one other rule on text fields: no control characters (lib/contract/schemas/common.ts).
      return { code: 'control' };
  }
}
