import { describe, expect, it, vi } from 'vitest';
import type { Handlers } from '../../../lib/background/dispatcher';
import { createMessageListener } from '../../../lib/background/dispatcher';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;
const OWN = { id: ID, url: `${ORIGIN}popup.html` };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const fail = () => Promise.reject(new Error('not expected'));
  return {
    popupState: fail,
    shorten: fail,
    recentLinks: fail,
    getSettings: fail,
    savePreferences: fail,
    testConnection: fail,
    queueStatus: fail,
    retryQueue: fail,
    discardQueueItem: fail,
    copyText: fail,
    ...overrides,
  } as Handlers;
}

describe('message dispatcher', () => {
  it('routes a known, well-formed message from this extension to its handler', async () => {
    const copyText = vi.fn(async ({ text }: { text: string }) => ({ copied: text === 'x' }));
    const listen = createMessageListener(handlers({ copyText }), { extensionId: ID, extensionOrigin: ORIGIN });
    await expect(listen({ type: 'copyText', data: { text: 'x' } }, OWN)).resolves.toEqual({ ok: true, value: { copied: true } });
    expect(copyText).toHaveBeenCalledOnce();
  });

  it.each([
    ['another extension', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/x.html' }],
    ['a web page claiming our id', { id: ID, url: 'https://evil.example/' }],
    ['no sender id', { url: `${ORIGIN}popup.html` }],
  ])('ignores messages from %s', (_name, sender) => {
    const copyText = vi.fn();
    const listen = createMessageListener(handlers({ copyText }), { extensionId: ID, extensionOrigin: ORIGIN });
    expect(listen({ type: 'copyText', data: { text: 'x' } }, sender)).toBeUndefined();
    expect(copyText).not.toHaveBeenCalled();
  });

  it('leaves unknown message names to other listeners (the offscreen document)', () => {
    const listen = createMessageListener(handlers(), { extensionId: ID, extensionOrigin: ORIGIN });
    expect(listen({ target: 'offscreen-clipboard', text: 'x' }, OWN)).toBeUndefined();
    expect(listen({ type: 'deleteEverything', data: {} }, OWN)).toBeUndefined();
    expect(listen('shorten', OWN)).toBeUndefined();
  });

  it.each([
    ['a missing field', { type: 'shorten', data: {} }],
    ['a field of the wrong type', { type: 'shorten', data: { url: 42 } }],
    ['an unknown field', { type: 'shorten', data: { url: 'https://a.example/', token: 'x' } }],
    ['an unknown keyword type', { type: 'shorten', data: { url: 'https://a.example/', keywordType: 'RANDOM' } }],
    ['an oversized payload', { type: 'copyText', data: { text: 'x'.repeat(10_000) } }],
  ])('refuses %s without calling the handler', async (_name, message) => {
    const shorten = vi.fn();
    const copyText = vi.fn();
    const listen = createMessageListener(handlers({ shorten, copyText }), { extensionId: ID, extensionOrigin: ORIGIN });
    const reply = await listen(message, OWN);
    expect(reply).toMatchObject({ ok: false });
    expect(shorten).not.toHaveBeenCalled();
    expect(copyText).not.toHaveBeenCalled();
  });

  it('answers only in the shape the protocol declares: unknown fields are dropped, a wrong shape is refused', async () => {
    const onError = vi.fn();
    const leaky = { copied: true, token: 'tok_secret' };
    const listen = createMessageListener(
      handlers({
        copyText: async () => leaky,
        queueStatus: async () => ({ items: 'none' }) as never,
      }),
      { extensionId: ID, extensionOrigin: ORIGIN, onError },
    );
    await expect(listen({ type: 'copyText', data: { text: 'x' } }, OWN)).resolves.toEqual({ ok: true, value: { copied: true } });
    await expect(listen({ type: 'queueStatus', data: {} }, OWN)).resolves.toEqual({ ok: false, error: 'Malformed queueStatus answer' });
    expect(onError).toHaveBeenCalledWith('queueStatus', expect.any(Error));
  });

  it('no longer knows getCachedLink (the popup reads its cache itself)', () => {
    const listen = createMessageListener(handlers(), { extensionId: ID, extensionOrigin: ORIGIN });
    expect(listen({ type: 'getCachedLink', data: { url: 'https://a.example/' } }, OWN)).toBeUndefined();
  });

  it("turns a handler's failure into an error reply", async () => {
    const onError = vi.fn();
    const listen = createMessageListener(
      handlers({ queueStatus: () => Promise.reject(new Error('storage is full')) }),
      { extensionId: ID, extensionOrigin: ORIGIN, onError },
    );
    await expect(listen({ type: 'queueStatus', data: {} }, OWN)).resolves.toEqual({ ok: false, error: 'storage is full' });
    expect(onError).toHaveBeenCalledWith('queueStatus', expect.any(Error));
  });
});
