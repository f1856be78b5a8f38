import { describe, expect, it } from 'vitest';
import { currencyOptions, defaultCurrency, minorDigits } from '../../../lib/conversions/money-currency';

describe('minorDigits', () => {
  it.each([
    ['JPY', 0],
    ['USD', 2],
    ['INR', 2],
    ['EUR', 2],
    ['BHD', 3],
    ['KWD', 3],
  ])('%s has %d', (currency, digits) => {
    expect(minorDigits(currency, 'en')).toBe(digits);
  });
});

describe('defaultCurrency', () => {
  it.each([
    ['en-IN', 'INR'],
    ['hi', 'INR'],
    ['en-US', 'USD'],
    ['en', 'USD'],
    ['de-DE', 'EUR'],
    ['de', 'EUR'],
    ['fr-CH', 'CHF'],
    ['en-GB', 'GBP'],
    ['ja', 'JPY'],
    ['ar-BH', 'BHD'],
    // A region the table does not know, and a locale that is not one.
    ['en-AQ', 'USD'],
    ['not a locale!', 'USD'],
  ])('%s -> %s', (locale, currency) => {
    expect(defaultCurrency(locale)).toBe(currency);
  });
});

describe('currencyOptions', () => {
  it('lists every ISO 4217 code once, named in the user language', () => {
    const options = currencyOptions('en');
    const codes = options.map((o) => o.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['USD', 'INR', 'EUR', 'JPY', 'BHD', 'KWD']));
    expect(options.find((o) => o.code === 'INR')?.label).toBe('Indian Rupee (INR)');
    expect(currencyOptions('de').find((o) => o.code === 'EUR')?.label).toBe('Euro (EUR)');
  });

  it('is sorted by name', () => {
    const labels = currencyOptions('en').map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => new Intl.Collator('en').compare(a, b)));
  });
});
