/**
 * The popup's side of customising: tags and campaign values travel with the keyword, and the link this
 * popup made is named for replacement. The request is built by lib/popup/custom-request.ts.
 */
import { describe, expect, it } from 'vitest';
import type { LinkView, PopupState, ShortenAnswer } from '../../../lib/messaging/send-message';
import { createPopupController } from '../../../lib/popup/controller';
import { customRequest } from '../../../lib/popup/custom-request';
import type { Begun } from '../../../lib/popup/start';
import { fakeSend, type Answers } from '../fixtures/fake-send';

const URL_A = 'https://a.example/';
const auto: LinkView = { shortUrl: 'http://s.test/abc1234', longUrl: URL_A, linkId: 'auto', createdDate: '2026-01-01T00:00:00Z' };
const custom: LinkView = { ...auto, shortUrl: 'http://s.test/spring', linkId: 'custom' };
const state = (over: Partial<PopupState> = {}): PopupState => ({
  configured: true,
  autoShorten: true,
  copyToClipboard: false,
  keywordType: 'HASH',
  cached: null,
  recent: [],
  ...over,
});
const begun = (s: PopupState): Begun => ({
  shortening: Promise.resolve(undefined),
  start: Promise.resolve({ target: URL_A, state: s }),
  local: Promise.resolve(null),
});

function popup(answers: Answers) {
  const fake = fakeSend({ recentLinks: async () => [], ...answers });
  const controller = createPopupController({ send: fake.send, copy: async () => true, mark: () => undefined, onChange: () => undefined });
  const shortens = () => fake.sent.filter((m) => m.type === 'shorten').map((m) => m.data);
  return { controller, shortens, view: () => controller.model().view };
}

describe('customising after the one-click link', () => {
  it('the keyword and tags are sent with the link the popup just made, to be replaced', async () => {
    const p = popup({ shorten: async () => ({ status: 'done', link: custom, fromCache: false }) });
    await p.controller.start(begun(state({ shortened: { status: 'done', link: auto, fromCache: false } })));
    await p.controller.customise(customRequest({ keyword: 'spring', tags: ['launch'] }));
    expect(p.shortens()).toEqual([
      { url: URL_A, keywordType: 'CUSTOM', keyword: 'spring', force: true, tags: ['launch'], replaces: 'auto', replacesUrl: URL_A },
    ]);
  });

  it('campaign values without a keyword: a new link with a random keyword for the final URL, its values as the utm ask, replacing the one made', async () => {
    const p = popup({ shorten: async () => ({ status: 'done', link: custom, fromCache: false }) });
    await p.controller.start(begun(state({ shortened: { status: 'done', link: auto, fromCache: false } })));
    await p.controller.customise(customRequest({ keyword: '', tags: ['launch'], utm: { source: 'news letter', campaign: 'a&b #1' } }));
    expect(p.shortens()).toEqual([
      {
        url: URL_A,
        keywordType: 'HASH',
        force: true,
        tags: ['launch'],
        replaces: 'auto',
        replacesUrl: URL_A,
        utm: { source: 'news letter', campaign: 'a&b #1' },
      },
    ]);
    // Until the new link is made, the one shown stays; then it replaces it.
    expect(p.view()).toMatchObject({ kind: 'done', link: custom });
  });

  it('a link found in the cache was not made now: it is never named for replacement', async () => {
    const p = popup({ shorten: async () => ({ status: 'done', link: custom, fromCache: false }) });
    await p.controller.start(begun(state({ cached: auto })));
    await p.controller.customise(customRequest({ keyword: 'spring', tags: [] }));
    expect(p.shortens()[0]).not.toHaveProperty('replaces');
    expect(p.shortens()[0]).not.toHaveProperty('replacesUrl');
  });

  it('keyword taken, then a suggestion chosen: still the same tags, still replacing the one-click link', async () => {
    const answers: ShortenAnswer[] = [
      { status: 'keyword-taken', recommendedUrls: ['http://s.test/spring-2'] },
      { status: 'done', link: { ...custom, shortUrl: 'http://s.test/spring-2' }, fromCache: false },
    ];
    const p = popup({ shorten: async () => answers.shift()! });
    await p.controller.start(begun(state({ shortened: { status: 'done', link: auto, fromCache: false } })));
    await p.controller.customise(customRequest({ keyword: 'spring', tags: ['launch'] }));
    // The link already made stays on screen (and on the clipboard), the alternatives beside the field.
    expect(p.view()).toMatchObject({ kind: 'done', link: auto, custom: { state: 'taken', urls: ['http://s.test/spring-2'] } });
    await p.controller.customise(customRequest({ keyword: 'spring-2', tags: ['launch'] }));
    expect(p.shortens()[1]).toEqual({ url: URL_A, keywordType: 'CUSTOM', keyword: 'spring-2', force: true, tags: ['launch'], replaces: 'auto', replacesUrl: URL_A });
  });

  it("what the background says of the new link's tags and the replaced link is kept for the page to show", async () => {
    const replaced = { shortUrl: auto.shortUrl, outcome: 'deleted' as const };
    const p = popup({ shorten: async () => ({ status: 'done', link: custom, fromCache: false, tagsQueued: true, replaced }) });
    await p.controller.start(begun(state({ shortened: { status: 'done', link: auto, fromCache: false } })));
    await p.controller.customise(customRequest({ keyword: 'spring', tags: ['launch'] }));
    expect(p.view()).toMatchObject({ kind: 'done', link: custom, extra: { tagsQueued: true, replaced } });
  });

  it('while the customised link is made, and when it is queued or refused, the link shown stays', async () => {
    let answer: ShortenAnswer = { status: 'queued', itemId: 'q9' };
    const seen: string[] = [];
    const fake = fakeSend({ shorten: async () => answer });
    const controller = createPopupController({
      send: fake.send,
      copy: async () => true,
      mark: () => undefined,
      onChange: (m) => seen.push(m.view.kind === 'done' ? `done:${m.view.custom.state}` : m.view.kind),
    });
    await controller.start(begun(state({ shortened: { status: 'done', link: auto, fromCache: false } })));
    await controller.customise(customRequest({ keyword: 'spring', tags: [] }));
    expect(seen.slice(-2)).toEqual(['done:saving', 'done:queued']);
    expect(controller.model().view).toMatchObject({ kind: 'done', link: auto, custom: { state: 'queued', queued: { itemId: 'q9', url: URL_A } } });

    answer = { status: 'error', error: { kind: 'service', code: 'X', message: 'no' } };
    await controller.customise(customRequest({ keyword: 'spring', tags: [] }));
    expect(controller.model().view).toMatchObject({ kind: 'done', link: auto, custom: { state: 'error' } });
    // The banner's Retry sends the same customised request again.
    answer = { status: 'done', link: custom, fromCache: false };
    await controller.retry();
    expect(fake.sent.map((m) => (m.data as { keyword?: string }).keyword)).toEqual(['spring', 'spring', 'spring']);
    expect(controller.model().view).toMatchObject({ kind: 'done', link: custom, custom: { state: 'idle' } });
  });

  it('"Shorten another link" shows the address field, empty', async () => {
    const p = popup({});
    await p.controller.start(begun(state({ cached: auto })));
    p.controller.askUrl();
    expect(p.view()).toEqual({ kind: 'ask-url', url: '' });
  });
});
