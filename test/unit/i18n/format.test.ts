/** Numbers, money, times and plural forms through Intl (lib/i18n/format.ts), in English and Hindi. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatCount, formatDateTime, formatMoney, formatPercent, formatRelative, pluralForm } from '../../../lib/i18n/format';
import { labelText } from '../../../lib/analytics-view/analytics-text';
import { displayLabel, serviceLabel } from '../../../lib/analytics-view/label-text';
import { connectionStatusText } from '../../../lib/options/options-text';
import { useCatalogue } from '../fixtures/catalogue';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

describe('formatCount: the Indian digit grouping in every language', () => {
  it.each([
    [1234567, 'en', '12,34,567'],
    [1234567, 'en-US', '12,34,567'],
    [1234567, 'hi', '12,34,567'],
    [100000, 'hi-IN', '1,00,000'],
    [999, 'hi', '999'],
    [12.6, 'en', '13'],
  ])('%d in %s: %s', (value, locale, text) => {
    expect(formatCount(value, locale)).toBe(text);
  });

  it("follows the browser's language when none is given", () => {
    expect(formatCount(250000)).toBe('2,50,000');
  });
});

describe('formatPercent', () => {
  it.each([
    [12.54, 'en', '+12.5 %'],
    [-3, 'hi', '-3 %'],
    [0, 'en', '0 %'],
  ])('%d in %s: %s', (value, locale, text) => {
    expect(formatPercent(value, locale)).toBe(text);
  });
});

describe('formatMoney: minor units as the currency is written', () => {
  it.each([
    [123450, 'USD', 'en-US', '$1,234.50'],
    [12345678, 'INR', 'hi', '₹1,23,456.78'],
    [12345678, 'INR', 'en-IN', '₹1,23,456.78'],
    [1500, 'JPY', 'en-US', '¥1,500'],
    [1, 'KWD', 'en-US', 'KWD\u00a00.001'],
    // Past what a double holds exactly in cents: the digits still come through as they are.
    [9007199254740991, 'USD', 'en-US', '$90,071,992,547,409.91'],
  ])('%d %s in %s: %s', (minor, currency, locale, text) => {
    expect(formatMoney(minor, currency, locale)).toBe(text);
  });

  it('refuses what is not an amount', () => {
    expect(() => formatMoney(-3, 'USD', 'en')).toThrow(RangeError);
    expect(() => formatMoney(1.5, 'USD', 'en')).toThrow(RangeError);
  });
});

describe('formatRelative: ages and next tries', () => {
  const now = Date.UTC(2026, 10, 23, 4, 0, 0);
  it.each([
    [now - 5 * 60_000, 'en', '5 minutes ago'],
    [now + 8_000, 'en', 'in 8 seconds'],
    [now, 'en', 'now'],
    [now - 3 * 3_600_000, 'en', '3 hours ago'],
    [now - 86_400_000, 'en', 'yesterday'],
    [now - 5 * 60_000, 'hi', '5 मिनट पहले'],
    [now + 2 * 3_600_000, 'hi', '2 घंटे में'],
  ])('%d in %s: %s', (at, locale, text) => {
    expect(formatRelative(at, now, locale)).toBe(text);
  });
});

describe('formatDateTime', () => {
  it('words a timestamp in the given time zone, and passes on what is not one', () => {
    expect(formatDateTime('2026-11-23T02:15:05Z', 'en-GB', 'UTC')).toBe('23 Nov 2026, 02:15:05');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});

describe('pluralForm', () => {
  it.each([
    [1, 'en', 'one'],
    [0, 'en', 'other'],
    [2, 'en', 'other'],
    // Hindi counts zero with one.
    [0, 'hi', 'one'],
    [1, 'hi', 'one'],
    [5, 'hi', 'other'],
  ] as const)('%d in %s: %s', (count, locale, form) => {
    expect(pluralForm(count, locale)).toBe(form);
  });
});

describe('counts in the catalogue: the form and the grouping', () => {
  const tested = (linkCount: number) =>
    connectionStatusText({ kind: 'tested', workspaceId: 'demo', answer: { ok: true, workspaceId: 'demo', linkCount } }).text;
  it.each([
    [0, 'Connected. Workspace "demo" has 0 links.'],
    [1, 'Connected. Workspace "demo" has 1 link.'],
    [1234567, 'Connected. Workspace "demo" has 12,34,567 links.'],
  ])('Test connection with %d links', (count, text) => {
    expect(tested(count)).toBe(text);
  });
});

describe('block titles: the service speaks English, a Hindi page its own words', () => {
  const title = displayLabel('Top browsers', { key: 'analyticsTopBrowsers' });
  it('an English page shows the service\'s title', () => {
    expect(labelText(title)).toBe('Top browsers');
  });
  it('a page in another language shows the catalogue\'s; a service name with no catalogue twin stays as sent', async () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key: string) => (key === 'reachLanguage' ? 'hi' : key === 'analyticsTopBrowsers' ? 'प्रमुख ब्राउज़र' : ''));
    // The language is read once per page: a fresh module stands for a fresh page.
    vi.resetModules();
    const fresh = await import('../../../lib/analytics-view/analytics-text');
    expect(fresh.labelText(title)).toBe('प्रमुख ब्राउज़र');
    expect(fresh.labelText(serviceLabel('Karnataka'))).toBe('Karnataka');
  });
});
