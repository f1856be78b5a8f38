import type { FieldName } from '../../lib/conversions/fields';
import { FIELDS_OF, type FormKind, type FormModel } from '../../lib/conversions/controller';
import { amountHint, fieldProblemText } from '../../lib/conversions/conversions-text';
import { t, type MessageKey } from '../../lib/i18n/catalogue';
import type { CurrencyOption } from '../../lib/conversions/money-currency';
import { ConversionField } from './conversion-field';
import { ConversionStatus } from './conversion-status';

interface Props {
  kind: FormKind;
  form: FormModel;
  locale: string;
  /** The currency picker's options (sale form only). */
  currencies: readonly CurrencyOption[];
  onInput: (field: FieldName, value: string) => void;
  onSubmit: () => void;
}

const LABELS: Record<FieldName, MessageKey> = {
  eventName: 'fieldEventName',
  customerId: 'fieldCustomerId',
  customerName: 'fieldCustomerName',
  customerEmail: 'fieldCustomerEmail',
  amount: 'fieldAmount',
  currency: 'fieldCurrency',
  invoiceId: 'fieldInvoiceId',
  paymentProcessor: 'fieldPaymentProcessor',
};

/** "Record a lead" or "Record a sale": labelled fields checked as typed, then how the record went. */
export function ConversionForm({ kind, form, locale, currencies, onInput, onSubmit }: Props) {
  const ctx = { locale, currency: form.values.currency };
  const id = (field: FieldName) => `${kind}-${field}`;
  const problem = (field: FieldName) => {
    const p = form.problems[field];
    return p === undefined ? null : fieldProblemText(p, ctx);
  };
  const sending = form.send.kind === 'sending';
  const headingId = `${kind}-heading`;

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 id={headingId}>{t(kind === 'lead' ? 'leadHeading' : 'saleHeading')}</h3>
      {FIELDS_OF[kind].map((field) =>
        field === 'currency' ? (
          <div key={field}>
            <label for={id(field)}>{t(LABELS[field])}</label>
            <select id={id(field)} value={form.values.currency} onChange={(e) => onInput(field, e.currentTarget.value)}>
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <ConversionField
            key={field}
            id={id(field)}
            label={t(LABELS[field])}
            value={form.values[field]}
            problem={problem(field)}
            hint={field === 'amount' ? amountHint(ctx) : null}
            inputMode={field === 'amount' ? 'decimal' : field === 'customerEmail' ? 'email' : undefined}
            onInput={(value) => onInput(field, value)}
          />
        ),
      )}
      <div class="row">
        <button type="submit" class="primary" disabled={sending} aria-busy={sending}>
          {t(kind === 'lead' ? 'recordLeadButton' : 'recordSaleButton')}
        </button>
      </div>
      <ConversionStatus send={form.send} locale={locale} />
    </form>
  );
}
