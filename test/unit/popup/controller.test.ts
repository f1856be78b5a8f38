import { describe, expect, it } from 'vitest';
import type { LinkView, PopupState, QueueStatus, ShortenAnswer } from '../../../lib/messaging/send-message';
import { COPIED_MS, createPopupController, RESULT_COPY, type PopupModel, type PopupView } from '../../../lib/popup/controller';
import type { Begun } from '../../../lib/popup/start';
import { fakeSend, type Answers } from '../fixtures/fake-send';

const URL_A = 'https://a.example/';
const link: LinkView = { shortUrl: 'http://s.test/abc1234', longUrl: URL_A, linkId: 'l1', createdDate: '2026-01-01T00:00:00Z' };
const other: LinkView = { ...link, shortUrl: 'http://s.test/zzz9999', linkId: 'l0' };
const state = (over: Partial<PopupState> = {}): PopupState => ({
  configured: true,
  autoShorten: true,
  copyToClipboard: true,
  keywordType: 'HASH',
  cached: null,
  recent: [],
  ...over,
});
const begun = (s: PopupState, target: string | undefined = URL_A): Begun => ({
  shortening: Promise.resolve(undefined),
  start: Promise.resolve({ target, state: s }),
  local: Promise.resolve(null),
});

function popup(answers: Answers, copy: (text: string) => Promise<boolean> = async () => true) {
  const fake = fakeSend(answers);
  const marks: string[] = [];
  const copied: string[] = [];
  const models: PopupModel[] = [];
  /** The clock: timers wait here until `tick` runs them. */
  const timers: { run: () => void; ms: number }[] = [];
  const controller = createPopupController({
    send: fake.send,
    copy: async (text) => {
      copied.push(text);
      return copy(text);
    },
    mark: (name) => marks.push(name),
    onChange: (m) => models.push(m),
    later: (run, ms) => timers.push({ run, ms }),
  });
  const tick = () => timers.splice(0).forEach((t) => t.run());
  return { controller, fake, marks, copied, models, timers, tick, view: () => controller.model().view, copiedNow: () => controller.model().copied };
}

const done = (over: Partial<Extract<PopupView, { kind: 'done' }>> = {}): PopupView => ({ kind: 'done', link, fromCache: false, extra: undefined, custom: { state: 'idle' }, ...over });

describe('popup controller: first frame', () => {
  it('a cached link is shown and copied with no message to the background, then marked ready', async () => {
    const p = popup({});
    await p.controller.start(begun(state({ cached: link, recent: [other] })));
    expect(p.view()).toEqual(done({ fromCache: true }));
    expect(p.copiedNow()).toEqual({ key: RESULT_COPY, state: 'copied' });
    expect(p.controller.model().recent).toEqual([other]);
    expect(p.copied).toEqual([link.shortUrl]);
    expect(p.fake.sent).toEqual([]);
    expect(p.marks).toEqual(['ready']);
  });

  it('an answer already there when the page starts is drawn at once: the first render shows the link, not a placeholder', () => {
    const p = popup({});
    const ready = { target: URL_A, state: state({ cached: link }) };
    void p.controller.start({ ...begun(state({ cached: link })), settled: () => ready });
    // No await: the view changed within the call.
    expect(p.view()).toEqual(done({ fromCache: true }));
  });

  it('a copy begun by the first script counts: the link is not copied a second time', async () => {
    const p = popup({});
    const copying = { text: link.shortUrl, done: Promise.resolve(true) };
    await p.controller.start({ ...begun(state({ cached: link })), start: Promise.resolve({ target: URL_A, state: state({ cached: link }), copying }) });
    expect(p.copiedNow()).toEqual({ key: RESULT_COPY, state: 'copied' });
    expect(p.copied).toEqual([]);
    expect(p.marks).toEqual(['ready']);
  });

  it('a copy the clipboard refused before the page loaded is tried again by the page', async () => {
    const p = popup({});
    const copying = { text: link.shortUrl, done: Promise.resolve(false) };
    await p.controller.start({ ...begun(state({ cached: link })), start: Promise.resolve({ target: URL_A, state: state({ cached: link }), copying }) });
    expect(p.copied).toEqual([link.shortUrl]);
    expect(p.copiedNow()).toEqual({ key: RESULT_COPY, state: 'copied' });
  });

  it("the background's answer from the first round trip is shown without a second one", async () => {
    const p = popup({});
    await p.controller.start(begun(state({ shortened: { status: 'done', link, fromCache: false } })));
    expect(p.view()).toMatchObject({ kind: 'done', link, fromCache: false });
    expect(p.fake.sent).toEqual([]);
  });

  it('does not copy when the user turned copying off, and says nothing was copied', async () => {
    const p = popup({});
    await p.controller.start(begun(state({ cached: link, copyToClipboard: false })));
    expect(p.view()).toEqual(done({ fromCache: true }));
    expect(p.copiedNow()).toBeNull();
    expect(p.copied).toEqual([]);
    expect(p.marks).toEqual(['ready']);
  });

  it('a refused clipboard write shows the link and says it was not copied', async () => {
    const p = popup({}, () => Promise.reject(new Error('denied')));
    await p.controller.start(begun(state({ cached: link })));
    expect(p.view()).toMatchObject({ kind: 'done' });
    expect(p.copiedNow()).toEqual({ key: RESULT_COPY, state: 'failed' });
    // A failure stays: the user has to copy by hand.
    expect(p.timers).toEqual([]);
  });

  it('"Copied" shows on the one thing copied last, and fades', async () => {
    const p = popup({});
    await p.controller.start(begun(state({ cached: link })));
    expect(p.timers.map((t) => t.ms)).toEqual([COPIED_MS]);
    await p.controller.copyRecent(other);
    expect(p.copiedNow()).toEqual({ key: other.linkId, state: 'copied' });
    expect(p.copied).toEqual([link.shortUrl, other.shortUrl]);
    // The first copy's timer finds a newer flash and leaves it; the second one clears it.
    p.tick();
    expect(p.copiedNow()).toBeNull();
    await p.controller.copyLink();
    expect(p.copiedNow()).toEqual({ key: RESULT_COPY, state: 'copied' });
  });

  it('asks to shorten when the background did not, in one message (the recent list asks the service itself)', async () => {
    const p = popup({
      shorten: async () => ({ status: 'done', link, fromCache: false }),
    });
    await p.controller.start(begun(state({ recent: [other] })));
    expect(p.fake.sent).toEqual([{ type: 'shorten', data: { url: URL_A, keywordType: 'HASH' } }]);
    expect(p.models.some((m) => m.view.kind === 'working')).toBe(true);
    expect(p.view()).toMatchObject({ kind: 'done', link });
    expect(p.controller.model().recent).toEqual([other]);
  });

  it.each([
    ['not connected', state({ configured: false }), URL_A, { kind: 'not-configured' }, null],
    ['an unshortenable tab', state(), 'chrome://version/', { kind: 'ask-url', url: '', reason: 'unshortenable' }, []],
    ['shorten-on-open off', state({ autoShorten: false }), URL_A, { kind: 'ask-url', url: URL_A }, []],
    ['custom keywords by default', state({ keywordType: 'CUSTOM' }), URL_A, { kind: 'customise', url: URL_A, custom: { state: 'idle' } }, []],
  ])('%s', async (_name, s, target, view, recent) => {
    const p = popup({});
    await p.controller.start(begun(s, target));
    expect(p.view()).toEqual(view);
    expect(p.controller.model().recent).toEqual(recent);
    expect(p.marks).toEqual([]);
  });

  it('a failed start says so with nothing to try again', async () => {
    const p = popup({});
    await p.controller.start({ shortening: Promise.resolve(undefined), start: Promise.reject(new Error('gone')), local: Promise.resolve(null) });
    expect(p.view()).toEqual({ kind: 'error', error: { kind: 'internal', message: '' }, retry: null });
  });
});

describe('popup controller: answers', () => {
  it.each<[ShortenAnswer, PopupView]>([
    [{ status: 'queued', itemId: 'q1' }, { kind: 'queued', itemId: 'q1', url: URL_A, retry: 'idle', outcomeUnknown: false }],
    [{ status: 'queued', itemId: 'q1', outcomeUnknown: true }, { kind: 'queued', itemId: 'q1', url: URL_A, retry: 'idle', outcomeUnknown: true }],
    [{ status: 'keyword-taken', recommendedUrls: ['http://s.test/x-2'] }, { kind: 'customise', url: URL_A, custom: { state: 'taken', urls: ['http://s.test/x-2'] } }],
    [{ status: 'invalid-url', problem: 'scheme' }, { kind: 'ask-url', url: URL_A, reason: 'scheme' }],
    [{ status: 'not-configured' }, { kind: 'not-configured' }],
    [
      { status: 'error', error: { kind: 'timeout', code: 'TIMEOUT', message: 'slow' } },
      { kind: 'error', error: { kind: 'timeout', code: 'TIMEOUT', message: 'slow' }, retry: { url: URL_A, keywordType: 'HASH' } },
    ],
  ])('%j -> %j', async (answer, view) => {
    const p = popup({ shorten: async () => answer });
    await p.controller.shorten({ url: URL_A, keywordType: 'HASH' });
    expect(p.view()).toEqual(view);
  });

  it('a message that fails is an internal error whose Try again sends the same request', async () => {
    const p = popup({ shorten: () => Promise.reject(new Error('no answer')) });
    await p.controller.shorten({ url: URL_A, keywordType: 'HASH' });
    expect(p.view()).toEqual({ kind: 'error', error: { kind: 'internal', message: '' }, retry: { url: URL_A, keywordType: 'HASH' } });
  });

  it('a customised link is built for the URL being customised, and sent; before there is a page, nothing is', async () => {
    const p = popup({ shorten: async () => ({ status: 'keyword-taken', recommendedUrls: ['http://s.test/launch-2'] }) });
    const built: [string, LinkView | null][] = [];
    const build = (keyword: string) => (url: string, made: LinkView | null) => {
      built.push([url, made]);
      return { url, keywordType: 'CUSTOM' as const, keyword, force: true };
    };
    await p.controller.customise(build('launch'));
    expect(p.fake.sent).toEqual([]);
    expect(built).toEqual([]);
    await p.controller.shorten({ url: URL_A, keywordType: 'CUSTOM', keyword: 'launch', force: true });
    // Taken: the customise view, for the same URL; the next request is built for it (no link made yet).
    await p.controller.customise(build('launch-2'));
    expect(built).toEqual([[URL_A, null]]);
    expect(p.fake.sent.at(-1)).toEqual({ type: 'shorten', data: { url: URL_A, keywordType: 'CUSTOM', keyword: 'launch-2', force: true } });
  });
});

describe('popup controller: Retry now on a queued link', () => {
  const queued = (items: QueueStatus['items']): QueueStatus => ({ items, pausedForAuth: false });
  const item = (state: 'pending' | 'failed') => ({
    id: 'q1',
    work: { kind: 'create-link' as const, longUrl: URL_A, tags: [] },
    state,
    createdAt: 1,
    attempts: 2,
    nextAttemptAt: state === 'pending' ? 5 : null,
  });

  async function queuedPopup(answers: Answers) {
    const p = popup({ shorten: async () => ({ status: 'queued', itemId: 'q1' }), ...answers });
    await p.controller.start(begun(state()));
    return p;
  }

  it('sends the retry message and, once sent, reads the link back from the cache (never shortens again)', async () => {
    const p = await queuedPopup({
      retryQueue: async () => queued([]),
      popupState: async () => state({ cached: link, recent: [link] }),
    });
    await p.controller.retry();
    expect(p.fake.names()).toEqual(['shorten', 'retryQueue', 'popupState']);
    expect(p.fake.sent.at(-1)).toEqual({ type: 'popupState', data: { url: URL_A } });
    expect(p.view()).toEqual(done());
    expect(p.copiedNow()).toEqual({ key: RESULT_COPY, state: 'copied' });
    expect(p.controller.model().recent).toEqual([link]);
  });

  it.each([
    ['still waiting', [item('pending')], 'still-waiting'],
    ['refused by the service', [item('failed')], 'refused'],
  ] as const)('%s', async (_name, items, retry) => {
    const p = await queuedPopup({ retryQueue: async () => queued([...items]) });
    await p.controller.retry();
    expect(p.view()).toEqual({ kind: 'queued', itemId: 'q1', url: URL_A, retry, outcomeUnknown: false });
    expect(p.models.some((m) => m.view.kind === 'queued' && m.view.retry === 'retrying')).toBe(true);
  });

  it('a retry still waiting, then the background makes the link by itself: shown once its item leaves the queue', async () => {
    const p = await queuedPopup({ retryQueue: async () => queued([item('pending')]), popupState: async () => state({ cached: link, recent: [link] }) });
    await p.controller.retry();
    expect(p.view()).toMatchObject({ kind: 'queued', retry: 'still-waiting' });
    // Another item changing leaves this one waiting, with nothing asked.
    await p.controller.queueChanged(['q1', 'q2']);
    expect(p.fake.names()).toEqual(['shorten', 'retryQueue']);
    await p.controller.queueChanged(['q2']);
    expect(p.fake.names()).toEqual(['shorten', 'retryQueue', 'popupState']);
    expect(p.view()).toEqual(done());
    expect(p.copiedNow()).toEqual({ key: RESULT_COPY, state: 'copied' });
    // Once shown, later changes ask nothing more.
    await p.controller.queueChanged([]);
    expect(p.fake.names().filter((n) => n === 'popupState')).toHaveLength(1);
  });

  it('the item leaves the queue while a retry reads it still waiting: the link is shown, not left waiting', async () => {
    const ref: { popup?: Awaited<ReturnType<typeof queuedPopup>> } = {};
    const p = await queuedPopup({
      retryQueue: async () => {
        // The background's own send finishes and publishes its status before this answer arrives.
        await ref.popup?.controller.queueChanged([]);
        return queued([item('pending')]);
      },
      popupState: async () => state({ cached: link, recent: [link] }),
    });
    ref.popup = p;
    await p.controller.retry();
    expect(p.fake.names()).toEqual(['shorten', 'retryQueue', 'popupState']);
    expect(p.view()).toEqual(done());
  });

  it('asked now and then while waiting: a made link is shown, otherwise nothing changes', async () => {
    let made = false;
    const p = await queuedPopup({ popupState: async () => (made ? state({ cached: link, recent: [link] }) : state()) });
    const before = p.view();
    await p.controller.checkQueued();
    expect(p.view()).toEqual(before);
    made = true;
    await p.controller.checkQueued();
    expect(p.view()).toEqual(done());
    expect(p.fake.names().filter((n) => n === 'shorten')).toHaveLength(1);
  });

  it('sent, but not in the cache: says it was created without asking for a new link', async () => {
    const p = await queuedPopup({ retryQueue: async () => queued([]), popupState: async () => state() });
    await p.controller.retry();
    expect(p.view()).toEqual({ kind: 'queued', itemId: 'q1', url: URL_A, retry: 'created', outcomeUnknown: false });
    expect(p.fake.names().filter((n) => n === 'shorten')).toHaveLength(1);
  });
});

describe('popup controller: another profile has a link to the page', () => {
  const theirs: LinkView = { ...link, shortUrl: 'http://s.test/home123', linkId: 'l7' };
  const elsewhere = { profile: 'Personal', link: theirs };

  it('says so and makes nothing, copies nothing until asked; Copy copies that link', async () => {
    const p = popup({});
    await p.controller.start(begun(state({ elsewhere })));
    expect(p.view()).toEqual({ kind: 'elsewhere', url: URL_A, profile: 'Personal', link: theirs });
    expect(p.fake.sent).toEqual([]);
    expect(p.copied).toEqual([]);
    await p.controller.copyLink();
    expect(p.copied).toEqual([theirs.shortUrl]);
    expect(p.copiedNow()).toEqual({ key: RESULT_COPY, state: 'copied' });
  });

  it('"Make one here" makes a link in the active profile, or opens Customise when custom keywords are the default', async () => {
    const p = popup({ shorten: async () => ({ status: 'done', link, fromCache: false }) });
    await p.controller.start(begun(state({ elsewhere })));
    await p.controller.makeHere();
    expect(p.fake.sent).toEqual([{ type: 'shorten', data: { url: URL_A, keywordType: 'HASH' } }]);
    expect(p.view()).toMatchObject({ kind: 'done', link, fromCache: false });
    const c = popup({});
    await c.controller.start(begun(state({ elsewhere, keywordType: 'CUSTOM' })));
    await c.controller.makeHere();
    expect(c.view()).toEqual({ kind: 'customise', url: URL_A, custom: { state: 'idle' } });
    expect(c.fake.sent).toEqual([]);
  });

  it('a broken page is warned of, nothing made; "Shorten anyway" makes the link, "Another address" asks for one', async () => {
    const pageProblem = { state: 'gone', reason: { kind: 'answered', status: 404 } } as const;
    const p = popup({ shorten: async () => ({ status: 'done', link, fromCache: false }) });
    await p.controller.start(begun(state({ pageProblem })));
    expect(p.view()).toEqual({ kind: 'page-problem', url: URL_A, problem: pageProblem });
    expect(p.fake.sent).toEqual([]);
    expect(p.copied).toEqual([]);
    await p.controller.makeHere();
    expect(p.fake.sent).toEqual([{ type: 'shorten', data: { url: URL_A, keywordType: 'HASH' } }]);
    expect(p.view()).toMatchObject({ kind: 'done', link, fromCache: false });
    const a = popup({});
    await a.controller.start(begun(state({ pageProblem })));
    a.controller.askUrl();
    expect(a.view()).toEqual({ kind: 'ask-url', url: '' });
  });

  it("the active profile's own link wins over another's", async () => {
    const p = popup({});
    await p.controller.start(begun(state({ cached: link, elsewhere })));
    expect(p.view()).toEqual(done({ fromCache: true }));
  });
});
