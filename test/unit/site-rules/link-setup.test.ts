/** A profile's templates and rules as read back: a damaged or hand-edited store never feeds the background bad entries. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createLinkSetupMemo, getLinkSetup, linkSetupItem } from '../../../lib/site-rules/link-setup';

const GOOD_TEMPLATE = { id: 't1', name: 'Newsletter', utm: { source: 'news', medium: 'email', campaign: '', term: '', content: '' } };
const GOOD_RULE = { id: 'r1', pattern: 'acme.dev', tags: ['launch'], templateId: 't1' };

beforeEach(() => {
  fakeBrowser.reset();
});

async function store(profile: unknown): Promise<void> {
  await linkSetupItem.setValue({ v: 1, byProfile: { p1: profile } } as never);
}

describe('reading the link setup', () => {
  it('keeps what a save would keep and leaves out damaged entries, in both readers', async () => {
    await store({
      templates: [GOOD_TEMPLATE, { id: 't2', name: 42, utm: {} }, { id: 't3', name: 'No values', utm: { source: '', medium: '', campaign: '', term: '', content: '' } }, null],
      rules: [
        GOOD_RULE,
        { id: 'r2', pattern: '/.*/', clean: true },
        { id: 'r3', pattern: 'ok.dev', templateId: 't2' },
        { id: 'r4', pattern: 7 },
        { id: 'r5', pattern: 'tags.dev', tags: 'not a list' },
        { id: 'r6', pattern: '*.Acme.dev.', clean: false },
      ],
    });
    const expected = { templates: [GOOD_TEMPLATE], rules: [GOOD_RULE, { id: 'r6', pattern: '*.acme.dev', clean: false }] };
    expect(await getLinkSetup('p1')).toEqual(expected);
    expect(await createLinkSetupMemo()('p1')).toEqual(expected);
  });

  it('a store that is not the expected shape at all reads as no setup', async () => {
    await store('garbage');
    expect(await getLinkSetup('p1')).toEqual({ templates: [], rules: [] });
    await linkSetupItem.setValue({ v: 1, byProfile: null } as never);
    expect(await createLinkSetupMemo()('p1')).toEqual({ templates: [], rules: [] });
  });

  it('the background\'s copy follows a change of the store', async () => {
    await store({ templates: [], rules: [] });
    const memo = createLinkSetupMemo();
    expect((await memo('p1')).rules).toEqual([]);
    await store({ templates: [GOOD_TEMPLATE], rules: [GOOD_RULE] });
    await new Promise((r) => setTimeout(r, 10));
    expect((await memo('p1')).rules).toEqual([GOOD_RULE]);
  });
});
