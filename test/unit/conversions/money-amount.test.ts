import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, type AmountProblem } from '../../../lib/conversions/money-amount';

describe('parseAmount', () => {
  it.each([
    ['1,234.50', 'en-US', 'USD', 123450],
    ['1234.5', 'en-US', 'USD', 123450],
    ['0.29', 'en-US', 'USD', 29],
    ['19.99', 'en-US', 'USD', 1999],
    ['  7 ', 'en-US', 'USD', 700],
    ['0', 'en-US', 'USD', 0],
    ['1.234,50', 'de-DE', 'EUR', 123450],
    ['1234,5', 'de-DE', 'EUR', 123450],
    ['1 234,56', 'fr-FR', 'EUR', 123456],
    ['1\u202f234,56', 'fr-FR', 'EUR', 123456],
    ["1'234.50", 'de-CH', 'CHF', 123450],
    ['1,23,456.78', 'en-IN', 'INR', 12345678],
    ['1,234.78', 'hi', 'INR', 123478],
    ['1,500', 'ja-JP', 'JPY', 1500],
    ['1500', 'en-US', 'JPY', 1500],
    ['12.345', 'en', 'BHD', 12345],
    ['0.001', 'en', 'KWD', 1],
    ['١٬٢٣٤٫٥٠٠', 'ar-BH', 'BHD', 1234500],
    ['9007199254740991', 'en', 'JPY', Number.MAX_SAFE_INTEGER],
    ['90071992547409.91', 'en', 'USD', Number.MAX_SAFE_INTEGER],
  ])('%j in %s (%s) -> %d minor units', (text, locale, currency, minor) => {
    expect(parseAmount(text, { locale, currency })).toEqual({ ok: true, minor });
  });

  it.each<[string, string, string, AmountProblem]>([
    ['', 'en-US', 'USD', 'empty'],
    ['   ', 'en-US', 'USD', 'empty'],
    ['-5', 'en-US', 'USD', 'negative'],
    ['\u22125', 'en-US', 'USD', 'negative'],
    ['1.999', 'en-US', 'USD', 'too-many-digits'],
    ['1.5', 'ja-JP', 'JPY', 'too-many-digits'],
    ['1.0001', 'en', 'BHD', 'too-many-digits'],
    ['1,5', 'en-US', 'USD', 'format'],
    ['1.5', 'de-DE', 'EUR', 'format'],
    ['1,234,5', 'en-US', 'USD', 'format'],
    [',123', 'en-US', 'USD', 'format'],
    ['12.', 'en-US', 'USD', 'format'],
    ['.5', 'en-US', 'USD', 'format'],
    ['1.2.3', 'en-US', 'USD', 'format'],
    ['+5', 'en-US', 'USD', 'format'],
    ['1e3', 'en-US', 'USD', 'format'],
    ['$5', 'en-US', 'USD', 'format'],
    ['5 USD', 'en-US', 'USD', 'format'],
    ['0x10', 'en-US', 'USD', 'format'],
    ['Infinity', 'en-US', 'USD', 'format'],
    ['9007199254740992', 'en', 'JPY', 'too-large'],
    ['90071992547409.92', 'en', 'USD', 'too-large'],
    ['1'.repeat(40), 'en', 'USD', 'too-large'],
  ])('%j in %s (%s) is refused: %s', (text, locale, currency, problem) => {
    expect(parseAmount(text, { locale, currency })).toEqual({ ok: false, problem });
  });
});

describe('formatAmount', () => {
  it.each([
    [123450, 'en-US', 'USD', '1,234.50'],
    [5, 'de-DE', 'EUR', '0,05'],
    [1500, 'ja-JP', 'JPY', '1,500'],
    [12345678, 'en-IN', 'INR', '1,23,456.78'],
    [1, 'en', 'KWD', '0.001'],
  ])('%d in %s (%s) -> %j', (minor, locale, currency, text) => {
    expect(formatAmount(minor, { locale, currency })).toBe(text);
  });

  it.each([-1, 1.5, Number.MAX_SAFE_INTEGER + 1])('refuses %d', (minor) => {
    expect(() => formatAmount(minor, { locale: 'en', currency: 'USD' })).toThrow(RangeError);
  });
});

describe('format then parse', () => {
  const formats = fc.constantFrom(
    { locale: 'en-US', currency: 'USD' },
    { locale: 'en-IN', currency: 'INR' },
    { locale: 'hi', currency: 'INR' },
    { locale: 'de-DE', currency: 'EUR' },
    { locale: 'fr-FR', currency: 'EUR' },
    { locale: 'de-CH', currency: 'CHF' },
    { locale: 'ja-JP', currency: 'JPY' },
    { locale: 'en', currency: 'BHD' },
    { locale: 'ar-BH', currency: 'BHD' },
    { locale: 'en', currency: 'KWD' },
  );

  it('gives back the same minor units, for any amount up to 2^53 - 1', () => {
    fc.assert(
      fc.property(formats, fc.maxSafeNat(), (format, minor) => {
        expect(parseAmount(formatAmount(minor, format), format)).toEqual({ ok: true, minor });
      }),
      { numRuns: 500 },
    );
  });

  it('gives back the same minor units for small amounts, where floats go wrong', () => {
    fc.assert(
      fc.property(formats, fc.nat({ max: 100_000 }), (format, minor) => {
        expect(parseAmount(formatAmount(minor, format), format)).toEqual({ ok: true, minor });
      }),
      { numRuns: 500 },
    );
  });
});
