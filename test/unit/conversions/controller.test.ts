/** The lead and sale forms' state: checked as typed, sent in minor units, and what the background answered. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatDateTime } from '../../../lib/i18n/format';
import { createConversionsController, initialConversions, type ConversionsModel, type FormKind } from '../../../lib/conversions/controller';
import type { FieldName } from '../../../lib/conversions/fields';
import { amountHint, fieldProblemText } from '../../../lib/conversions/conversions-text';
import type { ConversionAnswer } from '../../../lib/messaging/send-message';
import { useCatalogue } from '../fixtures/catalogue';
import { fakeSend, type Answers } from '../fixtures/fake-send';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

function setup(answers: Answers = {}, locale = 'en-US') {
  const fake = fakeSend(answers);
  const models: ConversionsModel[] = [];
  const panel = createConversionsController({ linkId: 'lnk_1', locale, send: fake.send, onChange: (m) => models.push(m) });
  const fill = (form: FormKind, values: Partial<Record<FieldName, string>>) => {
    for (const [field, value] of Object.entries(values)) panel.setField(form, field as FieldName, value);
  };
  return { ...fake, panel, models, fill };
}

const done: ConversionAnswer = { status: 'done', timestamp: '2026-11-23T02:15:05.000Z' };

describe('the starting state', () => {
  it.each([
    ['en-IN', 'INR'],
    ['hi', 'INR'],
    ['en-US', 'USD'],
    ['de-DE', 'EUR'],
    ['ja-JP', 'JPY'],
  ])('in %s the currency starts as %s', (locale, currency) => {
    expect(initialConversions('lnk_1', locale).sale.values.currency).toBe(currency);
  });

  it('shows no problem before anything is typed', () => {
    const { panel } = setup();
    expect(panel.model().lead.problems).toEqual({});
    expect(panel.model().sale.send).toEqual({ kind: 'idle' });
  });
});

describe('checked as typed', () => {
  it('shows the problem of the field being typed in, not of fields still untouched', () => {
    const { panel, fill } = setup();
    fill('lead', { customerEmail: 'ann at example' });
    expect(panel.model().lead.problems).toEqual({ customerEmail: { code: 'email' } });
    fill('lead', { customerEmail: 'ann@example.com' });
    expect(panel.model().lead.problems).toEqual({});
  });

  it.each<[string, string, string, string]>([
    ['1,5', 'USD', 'en-US', 'Not an amount: write it like 1,234.56.'],
    ['1.999', 'USD', 'en-US', 'USD has at most 2 decimal places.'],
    ['10.5', 'JPY', 'en-US', 'JPY has no smaller unit: enter a whole amount.'],
    ['-3', 'EUR', 'de-DE', 'The amount cannot be negative.'],
    ['1.5', 'EUR', 'de-DE', 'Not an amount: write it like 1.234,56.'],
    ['', 'USD', 'en-US', 'Enter the amount.'],
    ['99999999999999999', 'USD', 'en-US', 'The amount is too large.'],
  ])('amount %j in %s (%s): %s', (amount, currency, locale, text) => {
    const { panel, fill } = setup({}, locale);
    fill('sale', { currency, amount });
    const problem = panel.model().sale.problems.amount;
    expect(problem).toBeDefined();
    expect(fieldProblemText(problem!, { locale, currency })).toBe(text);
  });

  it('checks the amount again when the currency changes', () => {
    const { panel, fill } = setup();
    fill('sale', { amount: '12.345' });
    expect(panel.model().sale.problems.amount).toEqual({ code: 'amount-too-many-digits' });
    fill('sale', { currency: 'BHD' });
    expect(panel.model().sale.problems.amount).toBeUndefined();
  });

  it.each([
    ['USD', 'en-US', 'Like 1,234.56 (up to 2 decimal places).'],
    ['BHD', 'en-US', 'Like 123.456 (up to 3 decimal places).'],
    ['JPY', 'ja-JP', 'Like 123,456 (whole units only).'],
    ['INR', 'de-DE', 'Like 1.234,56 (up to 2 decimal places).'],
  ])('the amount hint for %s in %s', (currency, locale, text) => {
    expect(amountHint({ locale, currency })).toBe(text);
  });

  it.each<[FieldName, string, string]>([
    ['eventName', '', 'Required.'],
    ['customerId', 'x'.repeat(101), 'At most 100 characters.'],
    ['customerName', 'Ann\nLee', 'Remove tabs, line breaks and other hidden characters.'],
    ['paymentProcessor', 'p'.repeat(51), 'At most 50 characters.'],
  ])('%s %j: %s', (field, value, text) => {
    const { panel, fill } = setup();
    fill('sale', { [field]: value });
    expect(fieldProblemText(panel.model().sale.problems[field]!, { locale: 'en-US', currency: 'USD' })).toBe(text);
  });
});

describe('submit', () => {
  it('with problems: shows every one, sends nothing', async () => {
    const { panel, sent } = setup({ recordSale: () => done });
    await panel.submit('sale');
    expect(panel.model().sale.problems).toEqual({
      eventName: { code: 'required' },
      customerId: { code: 'required' },
      amount: { code: 'amount-empty' },
    });
    expect(sent).toEqual([]);
    expect(panel.model().sale.send).toEqual({ kind: 'idle' });
  });

  it('a lead: sends the trimmed fields, leaves out empty optional ones, shows the service time', async () => {
    const { panel, sent, fill, models } = setup({ recordLead: () => done });
    fill('lead', { eventName: ' signup ', customerId: 'cus_1', customerName: '  ', customerEmail: 'ann@example.com' });
    await panel.submit('lead');
    expect(sent).toEqual([{ type: 'recordLead', data: { linkId: 'lnk_1', eventName: 'signup', customerId: 'cus_1', customerEmail: 'ann@example.com' } }]);
    expect(models.map((m) => m.lead.send.kind).slice(-2)).toEqual(['sending', 'done']);
    expect(panel.model().lead.send).toEqual({ kind: 'done', timestamp: '2026-11-23T02:15:05.000Z' });
    // The other form is untouched.
    expect(panel.model().sale.send).toEqual({ kind: 'idle' });
  });

  it.each([
    ['en-US', 'USD', '1,234.50', 123450],
    ['de-DE', 'EUR', '1.234,5', 123450],
    ['en-IN', 'INR', '1,23,456.78', 12345678],
    ['ja-JP', 'JPY', '1,500', 1500],
    ['en-US', 'KWD', '0.001', 1],
    ['en-US', 'USD', '0.29', 29],
  ])('a sale in %s (%s): %j is sent as %d minor units', async (locale, currency, amount, minor) => {
    const { panel, sent, fill } = setup({ recordSale: () => done }, locale);
    fill('sale', { eventName: 'purchase', customerId: 'cus_1', currency, amount, invoiceId: 'INV-7' });
    await panel.submit('sale');
    expect(sent).toEqual([
      { type: 'recordSale', data: { linkId: 'lnk_1', eventName: 'purchase', customerId: 'cus_1', amount: minor, currency, invoiceId: 'INV-7' } },
    ]);
  });

  it('queued: says so with the item', async () => {
    const { panel, fill } = setup({ recordSale: () => ({ status: 'queued', itemId: 'item-1' }) });
    fill('sale', { eventName: 'purchase', customerId: 'cus_1', amount: '5' });
    await panel.submit('sale');
    expect(panel.model().sale.send).toEqual({ kind: 'queued', itemId: 'item-1' });
  });

  it("refused: the background's error", async () => {
    const error = { kind: 'service' as const, code: 'LINK_NOT_FOUND', message: 'linkId does not name a link of this workspace' };
    const { panel, fill } = setup({ recordLead: () => ({ status: 'error', error }) });
    fill('lead', { eventName: 'signup', customerId: 'cus_1' });
    await panel.submit('lead');
    expect(panel.model().lead.send).toEqual({ kind: 'error', error });
  });

  it('the background could not answer: an internal error, not a hang', async () => {
    const { panel, fill } = setup({});
    fill('lead', { eventName: 'signup', customerId: 'cus_1' });
    await panel.submit('lead');
    expect(panel.model().lead.send).toEqual({ kind: 'error', error: { kind: 'internal', message: '' } });
  });

  it('a second submit while the first is on its way sends nothing more', async () => {
    let answer: (a: ConversionAnswer) => void = () => undefined;
    const { panel, sent, fill } = setup({ recordLead: () => new Promise((resolve) => (answer = resolve)) });
    fill('lead', { eventName: 'signup', customerId: 'cus_1' });
    const first = panel.submit('lead');
    await panel.submit('lead');
    answer(done);
    await first;
    expect(sent).toHaveLength(1);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2026-11-23T02:15:05.000Z', 'en-GB', 'UTC', '23 Nov 2026, 02:15:05'],
    ['2026-11-23T02:15:05.000Z', 'en-GB', 'Asia/Kolkata', '23 Nov 2026, 07:45:05'],
    ['not a date', 'en-GB', 'UTC', 'not a date'],
  ])('%s in %s (%s)', (timestamp, locale, timeZone, text) => {
    expect(formatDateTime(timestamp, locale, timeZone)).toBe(text);
  });
});
