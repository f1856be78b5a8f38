/** The options page's queue names a link by its short URL where the link cache knows it. */
import { describe, expect, it } from 'vitest';
import { knownShortUrls } from '../../../lib/background/queue/queue-short-urls';
import type { QueueItem } from '../../../lib/queue/types';
import type { CachedLink, LinkScope } from '../../../lib/storage/links';

const link = (id: string, workspaceId: string): CachedLink => ({
  shortUrl: `https://sho.rt/${id}`,
  linkId: id,
  createdDate: '2026-11-01T00:00:00.000Z',
  workspaceId,
  longUrl: `https://example.com/${id}`,
});

const change = (linkId: string, workspaceId: string, baseUrl?: string) =>
  ({
    id: `q-${linkId}`,
    kind: 'update-link',
    state: 'pending',
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    idempotencyKey: 'k',
    progress: null,
    payload: { workspaceId, linkId, deleteLink: true },
    ...(baseUrl ? { profile: { id: 'p', baseUrl, workspaceId } } : {}),
  }) as unknown as QueueItem;

describe('knownShortUrls', () => {
  it('reads each workspace\'s links once, from the profile the item was made under (else the active service)', async () => {
    const asked: LinkScope[] = [];
    const cache = {
      known: async (scope: LinkScope) => {
        asked.push(scope);
        return scope.baseUrl === 'https://a.test/api' ? [link('l1', 'w1'), link('l2', 'w1')] : [link('l3', 'w2')];
      },
    };
    const map = await knownShortUrls(
      [change('l1', 'w1', 'https://a.test/api'), change('l2', 'w1', 'https://a.test/api'), change('l3', 'w2'), change('gone', 'w2')],
      cache,
      async () => ({ baseUrl: 'https://b.test/api', token: 't', workspaceId: 'w2' }),
    );
    expect(asked).toEqual([
      { baseUrl: 'https://a.test/api', workspaceId: 'w1' },
      { baseUrl: 'https://b.test/api', workspaceId: 'w2' },
    ]);
    expect(map.get('l1')).toBe('https://sho.rt/l1');
    expect(map.get('l3')).toBe('https://sho.rt/l3');
    expect(map.has('gone')).toBe(false);
  });
});
