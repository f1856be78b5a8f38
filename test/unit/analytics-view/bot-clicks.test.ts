/**
 * What the side panel says about visits by bots the service left out
 * (botClicks, docs/interface.md): read only when it is a whole number above
 * 0, in words with the plural right, in English and Hindi, under the total,
 * and in the no-clicks state; nothing when absent or 0.
 */
import type { ComponentChildren, VNode } from 'preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BotNote } from '../../../components/sidepanel/bot-note';
import { NoClicks } from '../../../components/sidepanel/no-clicks';
import { Overview } from '../../../components/sidepanel/overview';
import { botVisitsText } from '../../../lib/analytics-view/analytics-text';
import { botClicksOf } from '../../../lib/analytics-view/bot-clicks';
import { readPanel, type PanelWords } from '../../../lib/analytics-view/panel-blocks';
import { useCatalogueOf } from '../fixtures/catalogue';

const words: PanelWords = { country: (v) => v, time: (raw) => raw, offsetMinutes: 0, hoursTitle: 'Hours', hoursAxis: 'Hour' };
const answer = (total: number, extra: Record<string, unknown> = {}) => ({
  freeUserData: { scoreCardDetails: { data: { totalClicks: total, uniqueCities: [], uniqueCountries: [], uniqueStates: [] } } },
  ...extra,
});

/** Every element in the tree, depth first (the components use no hooks: their tree is read as returned). */
function elements(node: ComponentChildren): VNode[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (node === null || typeof node !== 'object' || !('props' in node)) return [];
  const vnode = node as VNode<{ children?: ComponentChildren }>;
  return [vnode, ...elements(vnode.props.children)];
}

const text = (node: ComponentChildren): string =>
  Array.isArray(node)
    ? node.map(text).join('')
    : typeof node === 'string' || typeof node === 'number'
      ? String(node)
      : node && typeof node === 'object' && 'props' in node
        ? text((node as VNode<{ children?: ComponentChildren }>).props.children)
        : '';

/** The note's text in a component's tree (drawn by BotNote), or null when it has none. */
function note(tree: ComponentChildren): string | null {
  const found = elements(tree).find((e) => e.type === BotNote) as VNode<{ count: number | null }> | undefined;
  return found === undefined ? null : text(BotNote(found.props)) || null;
}

beforeEach(() => fakeBrowser.reset());

describe('botClicks in an answer', () => {
  it('is read when it is a whole number above 0', () => {
    expect(botClicksOf({ botClicks: 12 })).toBe(12);
    expect(readPanel(answer(3, { botClicks: 8 }), words).botClicks).toBe(8);
  });

  it.each([
    ['absent', {}],
    ['0', { botClicks: 0 }],
    ['negative', { botClicks: -3 }],
    ['a fraction', { botClicks: 2.5 }],
    ['text', { botClicks: '8' }],
    ['not finite', { botClicks: Number.POSITIVE_INFINITY }],
    ['past 2^53', { botClicks: 2 ** 53 }],
    ['null', { botClicks: null }],
  ])('is nothing when %s', (_what, extra) => {
    expect(botClicksOf(extra)).toBeNull();
    expect(readPanel(answer(3, extra), words).botClicks).toBeNull();
  });

  it('is nothing in an answer that is not an object', () => {
    expect(botClicksOf(null)).toBeNull();
    expect(botClicksOf('botClicks')).toBeNull();
  });
});

describe('the words', () => {
  it.each([
    [1, '1 visit by a link preview or bot not counted'],
    [12, '12 visits by link previews and bots not counted'],
    [100000, '1,00,000 visits by link previews and bots not counted'],
  ])('English: %i', (count, expected) => {
    useCatalogueOf('en');
    expect(botVisitsText(count)).toBe(expected);
  });

  it.each([
    [1, 'लिंक प्रीव्यू या बॉट की 1 विज़िट नहीं गिनी गई'],
    [12, 'लिंक प्रीव्यू और बॉट की 12 विज़िट नहीं गिनी गईं'],
  ])('Hindi: %i', (count, expected) => {
    useCatalogueOf('hi');
    expect(botVisitsText(count)).toBe(expected);
  });
});

describe('where the panel says it', () => {
  beforeEach(() => useCatalogueOf('en'));

  it('in the overview, beside the total, when the service counted some', () => {
    const panel = readPanel(answer(3, { botClicks: 12 }), words);
    const tree = Overview({ scoreCard: panel.view('scoreCard'), trend: panel.view('clickTrends'), botClicks: panel.botClicks });
    expect(note(tree)).toBe('12 visits by link previews and bots not counted');
    // The total is people's alone.
    const total = elements(tree).find((e) => (e.props as Record<string, unknown>)['data-figure'] === 'analyticsTotalClicks');
    expect(text(total)).toBe('Total clicks3');
  });

  it.each([[{}], [{ botClicks: 0 }]])('nothing when the answer says none (%j)', (extra) => {
    const panel = readPanel(answer(3, extra), words);
    expect(note(Overview({ scoreCard: panel.view('scoreCard'), trend: panel.view('clickTrends'), botClicks: panel.botClicks }))).toBeNull();
  });

  it('in the no-clicks state too: a link only previews have fetched', () => {
    const panel = readPanel(answer(0, { botClicks: 1 }), words);
    expect(panel.noClicks).toBe(true);
    expect(note(NoClicks({ shortUrl: null, botClicks: panel.botClicks }))).toBe('1 visit by a link preview or bot not counted');
    expect(note(NoClicks({ shortUrl: null, botClicks: null }))).toBeNull();
  });
});
