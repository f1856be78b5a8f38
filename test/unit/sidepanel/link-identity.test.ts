import { describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../lib/messaging/send-message';
import type { ListedLink } from '../../../lib/storage/link-shape';
import { createSidePanelController, type TabLinks } from '../../../lib/sidepanel/controller';
import { LOOKUP_MAX_PAGES } from '../../../lib/sidepanel/link-identity';
import type { LinkView } from '../../../lib/sidepanel/panel-model';
import { fakeSend, type Answers } from '../fixtures/fake-send';

const row = (id: string, over: Partial<ListedLink> = {}): ListedLink => ({
  linkId: id,
  shortUrl: `http://s.test/${id}`,
  longUrl: `https://dest.example/${id}`,
  createdDate: '2026-01-01T00:00:00Z',
  clicks: 3,
  tags: ['news'],
  ...over,
});

const tabs: TabLinks = { access: async () => 'unsupported', request: async () => false, current: async () => null, watch: () => () => undefined };

function panel(answers: Answers, known: Record<string, LinkView> = {}) {
  const fake = fakeSend({ linkAnalytics: () => ({ status: 'done', data: {}, fetchedAt: 1 }), ...answers });
  const controller = createSidePanelController({
    send: fake.send,
    readCache: async () => null,
    now: () => 10,
    timers: { setInterval: () => 0, clearInterval: () => undefined },
    isVisible: () => false,
    isOnline: () => true,
    tabs,
    knownLink: async (id) => known[id] ?? null,
    serviceHost: async () => 'api.s.test',
    onChange: () => undefined,
  });
  return { controller, fake, m: () => controller.model(), pages: () => fake.sent.filter((s) => s.type === 'linkPage').length };
}

const page = (links: ListedLink[], nextCursor: number | null): AnswerOf<'linkPage'> => ({ status: 'done', links, nextCursor });

describe('side panel: which link it is about', () => {
  it('names the link from the device\'s cache, then adds the title and clicks from the list', async () => {
    const known = { a: { linkId: 'a', shortUrl: 'http://s.test/a', longUrl: 'https://dest.example/a', createdDate: '2026-01-01T00:00:00Z' } };
    const p = panel({ linkPage: () => page([row('b'), row('a', { title: 'The destination', clicks: 436 })], 2) }, known);
    await p.controller.start('a');
    expect(p.m().lookup).toBe('found');
    expect(p.m().link).toMatchObject({ shortUrl: 'http://s.test/a', title: 'The destination', clicks: 436, tags: ['news'] });
    // The page read for it fills the switcher too.
    expect(p.m().picker.links.map((l) => l.linkId)).toEqual(['b', 'a']);
    expect(p.pages()).toBe(1);
  });

  it('a link the cache does not know: pages through the list until it is found', async () => {
    const pages: Record<number, AnswerOf<'linkPage'>> = { 0: page([row('x')], 1), 1: page([row('y')], 2), 2: page([row('deep')], 3) };
    const p = panel({ linkPage: ({ cursor }) => pages[cursor] ?? page([], null) });
    await p.controller.start('deep');
    expect(p.m().link?.shortUrl).toBe('http://s.test/deep');
    expect(p.pages()).toBe(3);
  });

  it('not in the list at all: says so once the list ends', async () => {
    const p = panel({ linkPage: ({ cursor }) => (cursor === 0 ? page([row('x')], 1) : page([row('y')], null)) });
    await p.controller.start('gone');
    expect([p.m().lookup, p.m().link]).toEqual(['not-found', null]);
    expect(p.m().picker.links).toHaveLength(2);
  });

  it('stops after LOOKUP_MAX_PAGES pages of a long list', async () => {
    const p = panel({ linkPage: ({ cursor }) => page([row(`l${cursor}`)], cursor + 1) });
    await p.controller.start('gone');
    expect(p.m().lookup).toBe('not-found');
    expect(p.pages()).toBe(LOOKUP_MAX_PAGES);
  });

  it('a list that cannot be read keeps what the cache said', async () => {
    const known = { a: { linkId: 'a', shortUrl: 'http://s.test/a', longUrl: 'https://dest.example/a', createdDate: '2026-01-01T00:00:00Z' } };
    const p = panel({ linkPage: () => ({ status: 'error', error: { kind: 'network', message: 'x' } }) }, known);
    await p.controller.start('a');
    expect(p.m().lookup).toBe('failed');
    expect(p.m().link?.shortUrl).toBe('http://s.test/a');
  });

  it('a link chosen meanwhile is not overwritten by the lookup of the one before', async () => {
    let release!: () => void;
    const p = panel({
      linkPage: ({ cursor }) =>
        cursor === 0 ? new Promise((r) => (release = () => r(page([row('x'), row('first'), row('second')], null)))) : page([], null),
    });
    const first = p.controller.start('first');
    await new Promise((r) => setTimeout(r, 0));
    const second = p.controller.choose('second');
    release();
    await Promise.all([first, second]);
    expect(p.m().link?.linkId).toBe('second');
  });
});
