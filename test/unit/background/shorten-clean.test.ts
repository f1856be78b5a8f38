/** Cleaning, site rules and campaign values on the way to a new link (issue 25). */
import { browser } from 'wxt/browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createFinishedWork } from '../../../lib/background/queue/finished-work';
import { createShortener, type ShortenOutcome } from '../../../lib/background/links/shorten';
import { createQueueRunner } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { createLinkCache } from '../../../lib/storage/links';
import type { LinkSetup } from '../../../lib/site-rules/link-setup';
import { getConnection, getPreferences, saveConnection, setPreferences } from '../../../lib/storage/settings';
import { EMPTY_UTM } from '../../../lib/campaign/utm';
import { localPopupState, readLocalCache } from '../../../lib/popup/local';
import { fakeService } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

async function setup(linkSetup: LinkSetup = { templates: [], rules: [] }) {
  expect((await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE })).ok).toBe(true);
  const service = fakeService();
  const cache = createLinkCache();
  const recordFinished = createFinishedWork({ cache, getConnection });
  const queue = createQueueRunner({ getClient: () => service.client, locks: null, store, onDone: (item, result) => recordFinished(item, result) });
  const shortener = createShortener({ runNow: queue.runNow, cache, settings: { getConnection, getPreferences }, linkSetup: async () => linkSetup });
  return { service, shortener, cache };
}

function done(outcome: ShortenOutcome) {
  if (outcome.status !== 'done') throw new Error(`expected done, got ${JSON.stringify(outcome)}`);
  return outcome;
}

const TRACKED = 'https://example.com/a?x=1&fbclid=abc&gclid=def&utm_source=news';
const sentUrls = (service: Awaited<ReturnType<typeof setup>>['service']) =>
  service.sent('POST', '/link').map((c) => (c.body as { longUrl: string }).longUrl);

describe('cleaning before shortening', () => {
  it('sends the cleaned URL, campaign parameters kept, and says what was removed', async () => {
    const { service, shortener } = await setup();
    const outcome = done(await shortener.shorten({ url: TRACKED }));
    expect(sentUrls(service)).toEqual(['https://example.com/a?x=1&utm_source=news']);
    expect(outcome.cleaned).toEqual({ original: TRACKED, removed: ['fbclid', 'gclid'], unwrappedFrom: null });
  });

  it('answers a second shorten of the tracked URL from the cache of the cleaned one, still saying what was removed', async () => {
    const { service, shortener } = await setup();
    done(await shortener.shorten({ url: TRACKED }));
    const again = done(await shortener.shorten({ url: 'https://example.com/a?x=1&fbclid=other&utm_source=news' }));
    expect(again.fromCache).toBe(true);
    expect(again.cleaned?.removed).toEqual(['fbclid']);
    expect(sentUrls(service)).toHaveLength(1);
  });

  it('makes the link for the URL as it was when asked (Undo) or when the setting is off', async () => {
    const { service, shortener } = await setup();
    const undo = done(await shortener.shorten({ url: TRACKED, clean: false, force: true }));
    expect(undo.cleaned).toBeUndefined();
    await setPreferences({ ...(await getPreferences()), cleanLinks: false });
    done(await shortener.shorten({ url: 'https://example.com/b?gclid=1', force: true }));
    expect(sentUrls(service)).toEqual([TRACKED, 'https://example.com/b?gclid=1']);
  });

  it('refuses a campaign value it cannot write, naming the field', async () => {
    const { service, shortener } = await setup();
    expect(await shortener.shorten({ url: TRACKED, utm: { campaign: 'a\nb' } })).toMatchObject({
      status: 'error',
      error: { code: 'UTM_VALUE_INVALID', values: ['campaign'] },
    });
    expect(service.calls).toHaveLength(0);
  });
});

describe('site rules', () => {
  const setupWithRules: LinkSetup = {
    templates: [{ id: 't1', name: 'Newsletter', utm: { ...EMPTY_UTM, source: 'newsletter', medium: 'email' } }],
    rules: [
      { id: 'r1', pattern: 'docs.acme.dev', clean: false },
      { id: 'r2', pattern: '*.acme.dev', domain: 'go.acme.dev', tags: ['acme'], templateId: 't1' },
    ],
  };

  it('applies the first matching rule: domain, tags, template; and says which', async () => {
    const { service, shortener } = await setup(setupWithRules);
    const outcome = done(await shortener.shorten({ url: 'https://www.acme.dev/p?fbclid=1' }));
    expect(service.sent('POST', '/link')[0]!.body).toMatchObject({
      customDomain: 'go.acme.dev',
      longUrl: 'https://www.acme.dev/p?utm_source=newsletter&utm_medium=email',
    });
    expect(service.sent('PATCH', '/link').map((c) => (c.body as { tags: string[] }).tags)).toEqual([['acme']]);
    expect(outcome.rule).toEqual({ pattern: '*.acme.dev', index: 1, template: 'Newsletter' });
  });

  it('matches on the page behind a redirect wrapper, and a rule can turn cleaning off', async () => {
    const { service, shortener } = await setup(setupWithRules);
    const wrapped = `https://l.facebook.com/l.php?u=${encodeURIComponent('https://docs.acme.dev/x?gclid=2')}&h=AT0`;
    const outcome = done(await shortener.shorten({ url: wrapped }));
    expect(outcome.rule?.pattern).toBe('docs.acme.dev');
    expect(outcome.cleaned).toBeUndefined();
    expect(sentUrls(service)).toEqual([wrapped]);
  });

  it('a URL that cleaning turns into a refused one: shortened as it was, or refused when the request is strict (paste, text box)', async () => {
    const { service, shortener } = await setup();
    // Unwrapped, the address is one of the service's own: a short link to a short link.
    const wrapped = `https://l.facebook.com/l.php?u=${encodeURIComponent('http://127.0.0.1:8787/Ab3dE7x')}&h=AT0`;
    expect(await shortener.shorten({ url: wrapped, strict: true })).toEqual({ status: 'invalid-url', problem: 'own-host', planned: true });
    expect(service.calls).toHaveLength(0);
    expect(done(await shortener.shorten({ url: wrapped })).cleanFailed).toBe(true);
    expect(sentUrls(service)).toEqual([wrapped]);
  });

  it('lets Customise values and an explicit domain win over the rule', async () => {
    const { service, shortener } = await setup(setupWithRules);
    done(await shortener.shorten({ url: 'https://www.acme.dev/', customDomain: null, tags: [], utm: { ...EMPTY_UTM, campaign: 'launch day' }, force: true }));
    expect(service.sent('POST', '/link')[0]!.body).toMatchObject({ customDomain: null, longUrl: 'https://www.acme.dev/?utm_campaign=launch%20day' });
    expect(service.sent('PATCH', '/link')).toHaveLength(0);
  });
});

describe('the page\'s own address as an alias of its cleaned URL\'s link', () => {
  const hint = { read: () => null, write: () => undefined };
  const popupFinds = async (url: string) => localPopupState(await readLocalCache(browser.storage.local, hint), url)?.cached?.shortUrl ?? null;

  it('lets the popup find the link by the tracked address alone, made or found in the cache', async () => {
    const { shortener, cache } = await setup();
    const made = done(await shortener.shorten({ url: TRACKED }));
    await cache.recent({ baseUrl: BASE_URL, workspaceId: WORKSPACE });
    expect(await popupFinds(TRACKED)).toBe(made.link.shortUrl);
    const other = 'https://example.com/a?x=1&fbclid=zzz&utm_source=news';
    expect(await popupFinds(other)).toBeNull();
    expect(done(await shortener.shorten({ url: other })).fromCache).toBe(true);
    await cache.recent({ baseUrl: BASE_URL, workspaceId: WORKSPACE });
    expect(await popupFinds(other)).toBe(made.link.shortUrl);
  });

  it('files no alias for an explicit ask (Undo), and the Undo link is what the address then finds', async () => {
    const { shortener, cache } = await setup();
    done(await shortener.shorten({ url: TRACKED }));
    const undo = done(await shortener.shorten({ url: TRACKED, clean: false, force: true }));
    await cache.recent({ baseUrl: BASE_URL, workspaceId: WORKSPACE });
    expect(await popupFinds(TRACKED)).toBe(undo.link.shortUrl);
  });

  it('drops the aliases when asked (the setting or a rule changed), keeping every link under its own URL', async () => {
    const { shortener, cache } = await setup();
    const made = done(await shortener.shorten({ url: TRACKED }));
    const scope = { baseUrl: BASE_URL, workspaceId: WORKSPACE };
    await cache.forgetAliases(scope);
    expect(await popupFinds(TRACKED)).toBeNull();
    expect(await popupFinds(made.link.longUrl)).toBe(made.link.shortUrl);
  });

  it('moves an alias to the URL\'s newer link (a new link asked for the cleaned URL)', async () => {
    const { shortener, cache } = await setup();
    done(await shortener.shorten({ url: TRACKED }));
    const newer = done(await shortener.shorten({ url: 'https://example.com/a?x=1&utm_source=news', force: true }));
    await cache.recent({ baseUrl: BASE_URL, workspaceId: WORKSPACE });
    expect(await popupFinds(TRACKED)).toBe(newer.link.shortUrl);
  });
});
