import { describe, expect, it } from 'vitest';
import type { CampaignTemplate } from '../../../lib/campaign/template';
import { EMPTY_UTM, UTM_VALUE_MAX } from '../../../lib/campaign/utm';
import { createCustomiseController, type CustomiseModel } from '../../../lib/popup/customise-controller';
import type { CustomAsk } from '../../../lib/popup/custom-request';
import type { LinkView, SettingsView } from '../../../lib/messaging/send-message';
import { fakeSend, settled, type Answers } from '../fixtures/fake-send';

const link: LinkView = { shortUrl: 'http://s.test/abc1234', longUrl: 'https://a.example/', linkId: 'l1', createdDate: '2026-01-01T00:00:00Z' };
const settings = (defaultTags: string[] = []): SettingsView => ({
  connection: null,
  preferences: { autoShorten: true, copyToClipboard: true, keywordType: 'HASH', defaultDomain: '', notifyQueued: true, defaultTags, theme: 'system', cleanLinks: true, samePageIgnoresCampaign: false },
});

function panel(answers: Answers, shown: LinkView | null = link) {
  const fake = fakeSend({
    listTags: async () => ({ status: 'done', tags: ['news', 'blog'] }),
    getSettings: async () => settings(),
    linkTags: async () => ({ tags: null }),
    campaignTemplates: async () => [],
    ...answers,
  });
  const created: CustomAsk[] = [];
  const models: CustomiseModel[] = [];
  const controller = createCustomiseController({
    send: fake.send,
    onChange: (m) => models.push(m),
    link: () => shown,
    url: () => shown?.longUrl ?? null,
    createLink: (ask) => created.push(ask),
  });
  return { controller, fake, created, model: () => controller.model() };
}

describe('customise panel: the keyword as it is typed', () => {
  it.each([
    ['my page', 'spaces'],
    ['a/b', 'slash'],
    ['café', 'non-ascii'],
    ['x'.repeat(51), 'too-long'],
    ['admin', 'reserved'],
    ['a.b', 'characters'],
  ])('%j: %s, and Create sends nothing', async (keyword, reason) => {
    const p = panel({});
    p.controller.typeKeyword(keyword);
    expect(p.model().keywordProblem).toBe(reason);
    await p.controller.submit();
    expect(p.created).toEqual([]);
    expect(p.fake.sent).toEqual([]);
  });

  it('a good keyword clears the problem and makes the link with the chosen tags', async () => {
    const p = panel({});
    await p.controller.start();
    p.controller.typeKeyword('spring sale');
    p.controller.typeKeyword('spring-sale');
    expect(p.model().keywordProblem).toBeNull();
    p.controller.toggleTag('news');
    await p.controller.submit();
    expect(p.created).toEqual([{ keyword: 'spring-sale', tags: ['news'] }]);
  });

  it('no keyword and no link on screen: the keyword is asked for', async () => {
    const p = panel({}, null);
    await p.controller.submit();
    expect(p.model().keywordProblem).toBe('empty');
    expect(p.created).toEqual([]);
  });
});

describe('customise panel: tags', () => {
  it("loads the workspace's tags and starts from the default tags", async () => {
    const p = panel({ getSettings: async () => settings(['inbox']) });
    await p.controller.start();
    expect(p.model().tags).toEqual({ state: 'ready', names: ['news', 'blog'] });
    expect(p.model().chosen).toEqual(['inbox']);
  });

  it("the shown link's own tags, when known, are ticked instead of the defaults (saving tags alone replaces them)", async () => {
    const p = panel({ getSettings: async () => settings(['inbox']), linkTags: async () => ({ tags: ['older', 'news'] }) });
    await p.controller.start();
    expect(p.model().chosen).toEqual(['older', 'news']);
    expect(p.fake.sent).toContainEqual({ type: 'linkTags', data: { linkId: 'l1' } });
  });

  it('a click before the tags are known is not undone by their late answer', async () => {
    let answer: (v: { tags: string[] | null }) => void = () => undefined;
    const p = panel({ linkTags: () => new Promise((resolve) => (answer = resolve)) });
    const started = p.controller.start();
    p.controller.toggleTag('news');
    answer({ tags: ['older'] });
    await started;
    expect(p.model().chosen).toEqual(['news']);
  });

  it("a malformed list: the service's refusal is shown, nothing chosen changes, tags can still be typed", async () => {
    const error = { kind: 'invalid-response' as const, code: 'TAGS_MALFORMED', message: 'x' };
    const p = panel({ listTags: async () => ({ status: 'error', error }) });
    p.controller.typeNewTag('mine');
    p.controller.addNewTag();
    await p.controller.start();
    expect(p.model().tags).toEqual({ state: 'failed', error });
    expect(p.model().chosen).toEqual(['mine']);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['x'.repeat(51), 'too-long'],
    ['a\tb', 'control'],
  ])('a new tag %j is refused (%s) and not added', async (name, problem) => {
    const p = panel({});
    await p.controller.start();
    p.controller.typeNewTag(name);
    p.controller.addNewTag();
    expect(p.model().newTagProblem).toBe(problem);
    expect(p.model().chosen).toEqual([]);
  });

  it('a new tag is trimmed, chosen and marked new; adding it again changes nothing', async () => {
    const p = panel({});
    await p.controller.start();
    p.controller.typeNewTag(' launch ');
    p.controller.addNewTag();
    expect(p.model()).toMatchObject({ chosen: ['launch'], newTag: '', newTagProblem: null });
    p.controller.typeNewTag('launch');
    p.controller.addNewTag();
    expect(p.model().chosen).toEqual(['launch']);
    // Typing a listed tag just ticks it.
    p.controller.typeNewTag('news');
    p.controller.addNewTag();
    expect(p.model().chosen).toEqual(['launch', 'news']);
  });

  it('at most 50 tags per link', async () => {
    const p = panel({});
    await p.controller.start();
    for (let i = 0; i < 50; i++) {
      p.controller.typeNewTag(`t${i}`);
      p.controller.addNewTag();
    }
    p.controller.toggleTag('news');
    expect(p.model().newTagProblem).toBe('too-many');
    expect(p.model().chosen).toHaveLength(50);
  });

  it('no keyword, a link on screen: the tags go on that link (no second link)', async () => {
    const p = panel({ setLinkTags: async ({ tags }) => ({ status: 'done', tags }) });
    await p.controller.start();
    p.controller.toggleTag('blog');
    p.controller.typeNewTag('fresh');
    p.controller.addNewTag();
    await p.controller.submit();
    expect(p.created).toEqual([]);
    expect(p.fake.sent.at(-1)).toEqual({ type: 'setLinkTags', data: { linkId: 'l1', tags: ['blog', 'fresh'] } });
    expect(p.model().apply).toEqual({ state: 'saved', shortUrl: link.shortUrl });
    // The service made "fresh" a workspace tag: it is listed, no longer new.
    expect(p.model().tags).toEqual({ state: 'ready', names: ['news', 'blog', 'fresh'] });
  });

  it('offline, the tag change is queued; a refusal is shown', async () => {
    const queued = panel({ setLinkTags: async () => ({ status: 'queued', itemId: 'q1' }) });
    await queued.controller.submit();
    expect(queued.model().apply).toEqual({ state: 'queued' });
    const error = { kind: 'service' as const, code: 'LINK_NOT_FOUND', message: 'gone' };
    const refused = panel({ setLinkTags: async () => ({ status: 'error', error }) });
    await refused.controller.submit();
    expect(refused.model().apply).toEqual({ state: 'failed', error });
  });
});

describe('customise panel: campaign values', () => {
  const tagged: LinkView = { ...link, longUrl: 'https://shop.example/p?id=7&utm_source=news&x=a+b' };
  const newsletter: CampaignTemplate = { id: 't1', name: 'Newsletter', utm: { ...EMPTY_UTM, source: 'newsletter', medium: 'email' } };
  const linkedIn: CampaignTemplate = { id: 't2', name: 'LinkedIn', utm: { ...EMPTY_UTM, source: 'linkedin', content: 'post' } };

  it("begins from the shown link's URL, its final URL that same URL, nothing changed", () => {
    const p = panel({}, tagged);
    expect(p.model().campaign.values).toEqual({ ...EMPTY_UTM, source: 'news' });
    expect(p.model().finalUrl).toBe(tagged.longUrl);
    expect(p.model().campaignChanged).toBe(false);
  });

  it('the templates are asked for only when the panel starts (Customise opened), and offered as they came', async () => {
    const p = panel({ campaignTemplates: async () => [newsletter, linkedIn] }, tagged);
    expect(p.fake.names()).not.toContain('campaignTemplates');
    expect(p.model().templates).toEqual({ state: 'loading' });
    await p.controller.start();
    expect(p.fake.sent).toContainEqual({ type: 'campaignTemplates', data: {} });
    expect(p.model().templates).toEqual({ state: 'ready', templates: [newsletter, linkedIn] });
  });

  it('templates that cannot be read: said, and the fields can still be typed', async () => {
    const p = panel({ campaignTemplates: () => Promise.reject(new Error('no answer')) }, tagged);
    await p.controller.start();
    expect(p.model().templates).toEqual({ state: 'failed' });
    p.controller.typeCampaign('medium', 'email');
    expect(p.model().finalUrl).toBe('https://shop.example/p?id=7&utm_source=news&x=a+b&utm_medium=email');
  });

  it('a template fills its fields with one click; the final URL follows; another template changes only its own fields', async () => {
    const p = panel({ campaignTemplates: async () => [newsletter, linkedIn] }, tagged);
    await p.controller.start();
    p.controller.applyTemplate(newsletter);
    expect(p.model().campaign.values).toEqual({ ...EMPTY_UTM, source: 'newsletter', medium: 'email' });
    expect(p.model().finalUrl).toBe('https://shop.example/p?id=7&utm_source=newsletter&x=a+b&utm_medium=email');
    expect(p.model().campaignChanged).toBe(true);
    p.controller.applyTemplate(linkedIn);
    expect(p.model().campaign.values).toEqual({ ...EMPTY_UTM, source: 'linkedin', medium: 'email', content: 'post' });
  });

  it('the final URL follows each key typed, encoded as it will be sent', () => {
    const p = panel({}, tagged);
    p.controller.typeCampaign('campaign', 'a');
    expect(p.model().finalUrl).toBe('https://shop.example/p?id=7&utm_source=news&x=a+b&utm_campaign=a');
    p.controller.typeCampaign('campaign', 'a & b');
    expect(p.model().finalUrl).toBe('https://shop.example/p?id=7&utm_source=news&x=a+b&utm_campaign=a%20%26%20b');
  });

  it('changed values and no keyword: a new link with the changed fields only, and the chosen tags', async () => {
    const p = panel({ campaignTemplates: async () => [newsletter] }, tagged);
    await p.controller.start();
    p.controller.toggleTag('news');
    p.controller.applyTemplate(newsletter);
    await p.controller.submit();
    expect(p.created).toEqual([{ keyword: '', tags: ['news'], utm: { source: 'newsletter', medium: 'email' } }]);
    expect(p.fake.names()).not.toContain('setLinkTags');
  });

  it('changed values with a keyword: one link with both', async () => {
    const p = panel({}, tagged);
    p.controller.typeKeyword('autumn');
    p.controller.typeCampaign('term', 'shoes & socks');
    await p.controller.submit();
    expect(p.created).toEqual([{ keyword: 'autumn', tags: [], utm: { term: 'shoes & socks' } }]);
  });

  it('values unchanged (or typed back), tags only: the tags go on the shown link as before, no new link and no utm', async () => {
    const p = panel({ setLinkTags: async ({ tags }) => ({ status: 'done', tags }) }, tagged);
    await p.controller.start();
    p.controller.typeCampaign('source', 'other');
    p.controller.typeCampaign('source', 'news');
    p.controller.toggleTag('blog');
    await p.controller.submit();
    expect(p.created).toEqual([]);
    expect(p.fake.sent.at(-1)).toEqual({ type: 'setLinkTags', data: { linkId: 'l1', tags: ['blog'] } });
  });

  it('a keyword without campaign changes sends no utm (a site rule may still apply its template)', async () => {
    const p = panel({}, tagged);
    p.controller.typeKeyword('plain');
    await p.controller.submit();
    expect(p.created).toEqual([{ keyword: 'plain', tags: [] }]);
  });

  it.each([
    ['x'.repeat(UTM_VALUE_MAX + 1), 'too-long'],
    ['line\nbreak', 'control'],
  ] as const)('a value %j is refused (%s) beside its field, and nothing is sent, with or without a keyword', async (value, problem) => {
    const p = panel({ setLinkTags: async ({ tags }) => ({ status: 'done', tags }) }, tagged);
    p.controller.typeCampaign('content', value);
    expect(p.model().campaign.problems).toEqual({ content: problem });
    await p.controller.submit();
    p.controller.typeKeyword('fine');
    await p.controller.submit();
    p.controller.chooseSuggestion('http://s.test/fine-2');
    expect(p.created).toEqual([]);
    expect(p.fake.sent).toEqual([]);
  });

  it('a suggestion for a taken keyword is chosen with the same tags and campaign values', () => {
    const p = panel({}, tagged);
    p.controller.typeCampaign('medium', 'social');
    p.controller.chooseSuggestion('http://s.test/autumn-2');
    expect(p.created).toEqual([{ keyword: 'autumn-2', tags: [], utm: { medium: 'social' } }]);
  });

  it('the new link shown: the keyword empties and the fields begin again from its URL, unchanged', () => {
    let shown = tagged;
    const fake = fakeSend({});
    const controller = createCustomiseController({
      send: fake.send,
      onChange: () => undefined,
      link: () => shown,
      url: () => shown.longUrl,
      createLink: () => undefined,
    });
    controller.typeKeyword('autumn');
    controller.typeCampaign('medium', 'social');
    shown = { ...tagged, linkId: 'l2', longUrl: 'https://shop.example/p?id=7&utm_source=news&x=a+b&utm_medium=social' };
    controller.linkChanged();
    expect(controller.model()).toMatchObject({ keyword: '', campaignChanged: false, finalUrl: shown.longUrl });
    expect(controller.model().campaign.values).toEqual({ ...EMPTY_UTM, source: 'news', medium: 'social' });
  });

  it('with no link yet (a keyword is needed), the fields begin from the page and a keyword is still asked for', async () => {
    const page = 'https://page.example/?utm_campaign=spring';
    const fake = fakeSend({});
    const created: CustomAsk[] = [];
    const controller = createCustomiseController({ send: fake.send, onChange: () => undefined, link: () => null, url: () => page, createLink: (ask) => created.push(ask) });
    expect(controller.model().campaign.values.campaign).toBe('spring');
    controller.typeCampaign('source', 'mail');
    await controller.submit();
    expect(controller.model().keywordProblem).toBe('empty');
    controller.typeKeyword('spring');
    await controller.submit();
    expect(created).toEqual([{ keyword: 'spring', tags: [], utm: { source: 'mail' } }]);
  });

  it('with no link yet, the final URL is the background\'s: the page cleaned and with its rule, the values typed written', async () => {
    const page = 'https://page.example/a?fbclid=abc';
    const asked: { url: string; utm?: object }[] = [];
    const fake = fakeSend({
      listTags: async () => ({ status: 'done', tags: [] }),
      getSettings: async () => settings(),
      campaignTemplates: async () => [],
      finalUrl: async (request) => {
        asked.push(request);
        const source = request.utm?.source;
        return source === undefined ? 'https://page.example/a' : `https://page.example/a?utm_source=${encodeURIComponent(source)}`;
      },
    });
    const controller = createCustomiseController({ send: fake.send, onChange: () => undefined, link: () => null, url: () => page, createLink: () => undefined });
    expect(controller.model().finalUrl).toBe(page);
    await controller.start();
    expect(controller.model().finalUrl).toBe('https://page.example/a');
    controller.typeCampaign('source', 'my list');
    await settled();
    expect(controller.model().finalUrl).toBe('https://page.example/a?utm_source=my%20list');
    expect(asked).toEqual([{ url: page }, { url: page, utm: { source: 'my list' } }]);
  });

  it('a shown link\'s URL is already what the background made: its final URL is worked out here, with no question', async () => {
    const { controller, fake } = panel({});
    await controller.start();
    controller.typeCampaign('source', 'x');
    await settled();
    expect(fake.names()).not.toContain('finalUrl');
  });
});
