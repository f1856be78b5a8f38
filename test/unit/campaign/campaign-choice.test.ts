/** Customise's campaign values as pure steps: begun from the URL, typed, filled by a template, judged, and the final URL. */
import { describe, expect, it } from 'vitest';
import { EMPTY_UTM, UTM_VALUE_MAX } from '../../../lib/campaign/utm';
import type { CampaignTemplate } from '../../../lib/campaign/template';
import {
  applyTemplate,
  campaignBlocked,
  campaignChanges,
  campaignChoice,
  finalUrlOf,
  typeCampaign,
} from '../../../lib/campaign/campaign-choice';

const URL_UTM = 'https://shop.example/p?id=7&utm_source=news&b=a%2Bb+c&utm_medium=e+mail#top';
const newsletter: CampaignTemplate = { id: 't1', name: 'Newsletter', utm: { ...EMPTY_UTM, source: 'newsletter', medium: 'email', campaign: 'autumn' } };

describe('campaign choice', () => {
  it("begins from the URL's own values, decoded, and nothing is changed yet", () => {
    const choice = campaignChoice(URL_UTM);
    expect(choice.values).toEqual({ ...EMPTY_UTM, source: 'news', medium: 'e mail' });
    expect(campaignChanges(choice)).toEqual({});
    expect(finalUrlOf(URL_UTM, choice)).toBe(URL_UTM);
  });

  it('no URL: five empty fields', () => {
    expect(campaignChoice(null).values).toEqual(EMPTY_UTM);
  });

  it('only the changed fields are to be written; the rest of the query and the fragment stay byte for byte', () => {
    const choice = typeCampaign(campaignChoice(URL_UTM), 'campaign', 'spring sale & more #1');
    expect(campaignChanges(choice)).toEqual({ campaign: 'spring sale & more #1' });
    expect(finalUrlOf(URL_UTM, choice)).toBe(
      'https://shop.example/p?id=7&utm_source=news&b=a%2Bb+c&utm_medium=e+mail&utm_campaign=spring%20sale%20%26%20more%20%231#top',
    );
  });

  it('a value typed back to what the URL had, or with only spaces added, is no change', () => {
    let choice = typeCampaign(campaignChoice(URL_UTM), 'source', 'other');
    choice = typeCampaign(choice, 'source', '  news ');
    expect(campaignChanges(choice)).toEqual({});
  });

  it("an emptied field removes the URL's pair", () => {
    const choice = typeCampaign(campaignChoice(URL_UTM), 'medium', '');
    expect(campaignChanges(choice)).toEqual({ medium: '' });
    expect(finalUrlOf(URL_UTM, choice)).toBe('https://shop.example/p?id=7&utm_source=news&b=a%2Bb+c#top');
  });

  it("a template fills its non-empty fields and leaves the others as they were; applied twice, the same", () => {
    const typed = typeCampaign(campaignChoice(URL_UTM), 'term', 'shoes');
    const once = applyTemplate(typed, newsletter);
    expect(once.values).toEqual({ source: 'newsletter', medium: 'email', campaign: 'autumn', term: 'shoes', content: '' });
    expect(applyTemplate(once, newsletter)).toEqual(once);
    expect(finalUrlOf(URL_UTM, once)).toBe(
      'https://shop.example/p?id=7&utm_source=newsletter&b=a%2Bb+c&utm_medium=email&utm_campaign=autumn&utm_term=shoes#top',
    );
  });

  it('Unicode is written encoded, in NFC', () => {
    const choice = typeCampaign(campaignChoice('https://a.example/'), 'source', 'cafe\u0301 दिवाली');
    expect(finalUrlOf('https://a.example/', choice)).toBe(`https://a.example/?utm_source=${encodeURIComponent('café दिवाली')}`);
  });

  it.each([
    ['x'.repeat(UTM_VALUE_MAX + 1), 'too-long'],
    ['two\nlines', 'control'],
    ['tab\there', 'control'],
    ['\u007f', 'control'],
  ] as const)('%j is refused (%s) and blocks saving; fixed, it no longer does', (value, problem) => {
    const bad = typeCampaign(campaignChoice(null), 'content', value);
    expect(bad.problems).toEqual({ content: problem });
    expect(campaignBlocked(bad)).toBe(true);
    const fixed = typeCampaign(bad, 'content', 'ok');
    expect(fixed.problems).toEqual({});
    expect(campaignBlocked(fixed)).toBe(false);
  });

  it('a value of exactly the limit, and one longer only by spaces around it, are fine', () => {
    expect(typeCampaign(campaignChoice(null), 'term', 'x'.repeat(UTM_VALUE_MAX)).problems).toEqual({});
    expect(typeCampaign(campaignChoice(null), 'term', ` ${'x'.repeat(UTM_VALUE_MAX)} `).problems).toEqual({});
  });

  it("a value the URL already had is not the user's to fix while it is left as it was", () => {
    const url = `https://a.example/?utm_content=${'y'.repeat(UTM_VALUE_MAX + 5)}`;
    const choice = typeCampaign(campaignChoice(url), 'source', 'news');
    expect(choice.problems).toEqual({});
    expect(campaignChanges(choice)).toEqual({ source: 'news' });
  });
});
