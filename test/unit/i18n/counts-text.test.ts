/**
 * Figures and dates that pages show beside words go through lib/i18n/format.ts: a
 * count grouped the Indian way (1,23,456), a date in the catalogue's language
 * (not the system's), and a count's plural form from Intl.PluralRules.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { linkNotFoundText, trendDaysText, trendMonthsText } from '../../../lib/analytics-view/analytics-text';
import { domainsCountText, domainsPageText } from '../../../lib/domains/domain-text';
import { profilesDeleteQueuedText } from '../../../lib/options/profiles-text';
import { queueMadeTitle } from '../../../lib/queue/queue-text';
import { recentClicksText, recentDateText, recentTagCountText } from '../../../lib/popup/recent-list-text';
import type { QueueItemView } from '../../../lib/messaging/send-message';
import { useCatalogue } from '../fixtures/catalogue';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

/** The browser's language is Hindi (the messages stay the fixture's English ones: the figures are what is checked). */
function inHindi(): void {
  vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue('hi');
}

// Noon UTC: the same calendar day in every time zone the tests may run in.
const MADE = '2026-11-23T12:00:00.000Z';

describe('recent links', () => {
  it('groups a row\'s clicks the Indian way, in the count\'s plural form', () => {
    expect(recentClicksText(123_456)).toBe('1,23,456 clicks');
    expect(recentClicksText(1)).toBe('1 click');
    expect(recentClicksText(0)).toBe('0 clicks');
  });

  it('counts a row\'s several tags as one figure, in the count\'s plural form', () => {
    expect(recentTagCountText(2)).toBe('2 tags');
    expect(recentTagCountText(1)).toBe('1 tag');
    expect(recentTagCountText(1200)).toBe('1,200 tags');
  });

  it('dates a row in the catalogue\'s language', () => {
    expect(recentDateText(MADE)).toBe('Nov 23, 2026');
    inHindi();
    expect(recentDateText(MADE)).toBe('23 नव॰ 2026');
  });

  it('shows what the service sent when it is not a date', () => {
    expect(recentDateText('yesterday')).toBe('yesterday');
  });
});

describe('custom domains', () => {
  it('groups the page figures', () => {
    expect(domainsPageText(2, 1_200)).toBe('Page 2 of 1,200');
  });

  it.each([
    [1, '1 domain'],
    [2, '2 domains'],
    [120_000, '1,20,000 domains'],
  ])('counts %i domains in their plural form', (count, text) => {
    expect(domainsCountText(count)).toBe(text);
  });
});

describe('side panel', () => {
  it.each([
    [1, 'Last 1 day', 'Last 1 month'],
    [30, 'Last 30 days', 'Last 30 months'],
    [1_000, 'Last 1,000 days', 'Last 1,000 months'],
  ])('names a trend of %i days or months in their plural form', (count, days, months) => {
    expect(trendDaysText(count)).toBe(days);
    expect(trendMonthsText(count)).toBe(months);
  });

  it.each([
    [0, "This workspace has no links, so this one's details can't be shown."],
    [1, "It isn't this workspace's newest link, so its details can't be shown."],
    [1_200, "It isn't among this workspace's 1,200 newest links, so its details can't be shown."],
  ])('says a link is not among the %i looked at, in the plural form of the count', (searched, text) => {
    expect(linkNotFoundText(searched)).toBe(text);
  });

  it('takes the form Hindi gives 0 for no link only when some were looked at', () => {
    inHindi();
    // Hindi's "one" covers 0 as well: an empty workspace still gets its own sentence.
    expect(linkNotFoundText(0)).toBe("This workspace has no links, so this one's details can't be shown.");
  });
});

describe('profiles', () => {
  it.each([
    [1, '1 item waiting under this profile will be discarded with it.'],
    [3, '3 items waiting under this profile will be discarded with it.'],
    [12_345, '12,345 items waiting under this profile will be discarded with it.'],
  ])('names %i waiting items in their plural form', (count, text) => {
    expect(profilesDeleteQueuedText(count)).toBe(text);
  });

  it('takes the form Hindi gives 0 (one, unlike English)', () => {
    inHindi();
    expect(profilesDeleteQueuedText(0)).toBe('0 item waiting under this profile will be discarded with it.');
  });
});

describe('waiting queue', () => {
  it('titles an item\'s age with its full time in the catalogue\'s language', () => {
    const item = { createdAt: Date.parse(MADE) } as QueueItemView;
    inHindi();
    expect(queueMadeTitle(item)).toMatch(/^23 नव॰ 2026/);
  });
});
