/**
 * The state of the side panel's "Record a lead" and "Record a sale" forms,
 * without Preact or the browser: fields checked as they are typed by the
 * service's rules (lib/conversions/fields.ts), the sale amount read in the
 * user's format and sent in minor units, and what the background answered
 * (an injected `send`; docs/design.md, Data flow). components/sidepanel/conversions-container.tsx
 * only draws the model. Problems are codes; lib/conversions/conversions-text.ts words them.
 */
import { checkField, LEAD_FIELDS, SALE_FIELDS, type FieldName, type FieldProblem } from './fields';
import type { ConversionAnswer, ErrorView, RecordLeadRequest, RecordSaleRequest, Send } from '../messaging/send-message';
import { parseAmount } from './money-amount';
import { defaultCurrency } from './money-currency';

export const FORM_KINDS = ['lead', 'sale'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export type SendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  /** `timestamp`: when the service stored the event. */
  | { kind: 'done'; timestamp: string }
  | { kind: 'queued'; itemId: string }
  | { kind: 'error'; error: ErrorView };

export interface FormModel {
  values: Readonly<Record<FieldName, string>>;
  /** Problems of the fields the user has typed in (all of them after a submit). */
  problems: Readonly<Partial<Record<FieldName, FieldProblem>>>;
  send: SendState;
}

export interface ConversionsModel {
  linkId: string;
  locale: string;
  lead: FormModel;
  sale: FormModel;
}

export interface ConversionsDeps {
  linkId: string;
  /** The user's locale: the amount's format and the default currency. */
  locale: string;
  send: Send;
  onChange: (model: ConversionsModel) => void;
}

export interface ConversionsController {
  setField(form: FormKind, field: FieldName, value: string): void;
  submit(form: FormKind): Promise<void>;
  model(): ConversionsModel;
}

export const FIELDS_OF: Readonly<Record<FormKind, readonly FieldName[]>> = { lead: LEAD_FIELDS, sale: SALE_FIELDS };

const INTERNAL: ErrorView = { kind: 'internal', message: '' };

function emptyForm(currency: string): FormModel {
  const values = Object.fromEntries(SALE_FIELDS.map((f) => [f, ''])) as Record<FieldName, string>;
  return { values: { ...values, currency }, problems: {}, send: { kind: 'idle' } };
}

export function initialConversions(linkId: string, locale: string): ConversionsModel {
  const form = emptyForm(defaultCurrency(locale));
  return { linkId, locale, lead: form, sale: form };
}

export function createConversionsController(deps: ConversionsDeps): ConversionsController {
  let model = initialConversions(deps.linkId, deps.locale);
  const touched: Record<FormKind, Set<FieldName>> = { lead: new Set(), sale: new Set() };

  const setForm = (form: FormKind, patch: Partial<FormModel>) => {
    model = { ...model, [form]: { ...model[form], ...patch } };
    deps.onChange(model);
  };

  /** Every problem of the form's fields as they are now, shown or not. */
  function problemsOf(form: FormKind, values: Record<FieldName, string>): Partial<Record<FieldName, FieldProblem>> {
    const ctx = { locale: deps.locale, currency: values.currency };
    const problems: Partial<Record<FieldName, FieldProblem>> = {};
    for (const field of FIELDS_OF[form]) {
      const problem = checkField(field, values[field], ctx);
      if (problem !== null) problems[field] = problem;
    }
    return problems;
  }

  function shown(form: FormKind, problems: Partial<Record<FieldName, FieldProblem>>) {
    return Object.fromEntries(Object.entries(problems).filter(([field]) => touched[form].has(field as FieldName)));
  }

  function setField(form: FormKind, field: FieldName, value: string): void {
    touched[form].add(field);
    const values = { ...model[form].values, [field]: value };
    setForm(form, { values, problems: shown(form, problemsOf(form, values)) });
  }

  async function submit(form: FormKind): Promise<void> {
    if (model[form].send.kind === 'sending') return;
    const { values } = model[form];
    const problems = problemsOf(form, values);
    for (const field of FIELDS_OF[form]) touched[form].add(field);
    setForm(form, { problems });
    if (Object.keys(problems).length > 0) return;

    setForm(form, { send: { kind: 'sending' } });
    let answer: ConversionAnswer;
    try {
      answer = form === 'lead' ? await deps.send('recordLead', leadRequest(model.linkId, values)) : await deps.send('recordSale', saleRequest(model.linkId, values, deps.locale));
    } catch {
      setForm(form, { send: { kind: 'error', error: INTERNAL } });
      return;
    }
    setForm(form, { send: toSendState(answer) });
  }

  return { setField, submit, model: () => model };
}

function toSendState(answer: ConversionAnswer): SendState {
  switch (answer.status) {
    case 'done':
      return { kind: 'done', timestamp: answer.timestamp };
    case 'queued':
      return { kind: 'queued', itemId: answer.itemId };
    case 'error':
      return { kind: 'error', error: answer.error };
  }
}

/** The optional fields that were filled in; empty ones are left out, as the service expects. */
function filled<F extends FieldName>(values: Record<FieldName, string>, fields: readonly F[]): Partial<Record<F, string>> {
  return Object.fromEntries(fields.filter((f) => values[f].trim() !== '').map((f) => [f, values[f].trim()])) as Partial<Record<F, string>>;
}

function leadRequest(linkId: string, values: Record<FieldName, string>): RecordLeadRequest {
  return {
    linkId,
    eventName: values.eventName.trim(),
    customerId: values.customerId.trim(),
    ...filled(values, ['customerName', 'customerEmail'] as const),
  };
}

function saleRequest(linkId: string, values: Record<FieldName, string>, locale: string): RecordSaleRequest {
  const amount = parseAmount(values.amount, { locale, currency: values.currency });
  // submit() sends only a form without problems, so the amount was read.
  if (!amount.ok) throw new Error(`unreadable amount: ${amount.problem}`);
  return {
    ...leadRequest(linkId, values),
    amount: amount.minor,
    currency: values.currency,
    ...filled(values, ['invoiceId', 'paymentProcessor'] as const),
  };
}
