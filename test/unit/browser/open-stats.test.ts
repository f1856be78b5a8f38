import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beginStats, openStats, statsPath, type StatsBrowser } from '../../../lib/browser/open-stats';

const ROOT = `chrome-extension://${fakeBrowser.runtime.id}`;

/** Records every browser call in order, so a test can see what ran before the first await. */
function recorder() {
  const calls: string[] = [];
  const record =
    (name: string, result: () => Promise<void> = async () => undefined) =>
    (arg?: unknown) => {
      calls.push(arg === undefined ? name : `${name} ${JSON.stringify(arg)}`);
      return result();
    };
  return { calls, record };
}

function chrome(open: () => Promise<void> = async () => undefined) {
  const { calls, record } = recorder();
  const api: StatsBrowser = {
    sidePanel: { setOptions: record('setOptions'), open: record('open', open) },
    tabs: { create: record('tabs.create') },
    runtime: { getURL: (path) => `${ROOT}${path}` },
  };
  return { api, calls };
}

function firefox(open: () => Promise<void> = async () => undefined) {
  const { calls, record } = recorder();
  const api: StatsBrowser = {
    sidebarAction: { setPanel: record('setPanel'), open: record('open', open) },
    tabs: { create: record('tabs.create') },
    runtime: { getURL: (path) => `${ROOT}${path}` },
  };
  return { api, calls };
}

describe('statsPath', () => {
  it.each([
    ['lnk_1', 'sidepanel.html?linkId=lnk_1'],
    ['a b&c=d', 'sidepanel.html?linkId=a%20b%26c%3Dd'],
  ])('addresses %j', (id, path) => {
    expect(statsPath(id)).toBe(path);
  });
});

describe('openStats', () => {
  it('Chrome: sets the tab\'s panel page and opens it, both before the caller\'s first await', async () => {
    const { api, calls } = chrome();
    const opened = openStats('lnk_1', { id: 7, windowId: 2 }, api);
    expect(calls).toEqual([
      'setOptions {"tabId":7,"path":"sidepanel.html?linkId=lnk_1","enabled":true}',
      'open {"tabId":7}',
    ]);
    expect(await opened).toBe('side-panel');
  });

  it('Chrome without a tab id opens the window\'s panel', async () => {
    const { api, calls } = chrome();
    expect(await openStats('lnk_1', { windowId: 2 }, api)).toBe('side-panel');
    expect(calls).toEqual(['setOptions {"path":"sidepanel.html?linkId=lnk_1","enabled":true}', 'open {"windowId":2}']);
  });

  it('Chrome refusing the panel (no gesture) shows the stats in a tab', async () => {
    const { api, calls } = chrome(() => Promise.reject(new Error('sidePanel.open() may only be called in response to a user gesture.')));
    expect(await openStats('lnk_1', { id: 7 }, api)).toBe('tab');
    expect(calls.at(-1)).toBe(`tabs.create {"url":"${ROOT}/sidepanel.html?linkId=lnk_1"}`);
  });

  it('Firefox: sets the sidebar\'s panel for the tab and opens it within the gesture', async () => {
    const { api, calls } = firefox();
    const opened = openStats('lnk_1', { id: 3 }, api);
    expect(calls).toEqual([`setPanel {"panel":"${ROOT}/sidepanel.html?linkId=lnk_1","tabId":3}`, 'open']);
    expect(await opened).toBe('sidebar');
  });

  it('with neither API, or no tab to open the panel in, opens a tab', async () => {
    const none: StatsBrowser = { tabs: { create: vi.fn(async () => undefined) }, runtime: { getURL: (p) => `${ROOT}${p}` } };
    expect(await openStats('lnk_9', { id: 1 }, none)).toBe('tab');
    expect(none.tabs.create).toHaveBeenCalledWith({ url: `${ROOT}/sidepanel.html?linkId=lnk_9` });
    const { api, calls } = chrome();
    expect(await openStats('lnk_9', undefined, api)).toBe('tab');
    expect(calls).toEqual([`tabs.create {"url":"${ROOT}/sidepanel.html?linkId=lnk_9"}`]);
  });
});

describe('beginStats (the link is known only after the gesture)', () => {
  it('Chrome: opens the bare page at once, then points the same tab\'s panel at the link', async () => {
    const { api, calls } = chrome();
    const opening = beginStats({ id: 7 }, api);
    expect(calls).toEqual(['setOptions {"tabId":7,"path":"sidepanel.html","enabled":true}', 'open {"tabId":7}']);
    expect(await opening.show('lnk_2')).toBe('side-panel');
    expect(calls.at(-1)).toBe('setOptions {"tabId":7,"path":"sidepanel.html?linkId=lnk_2","enabled":true}');
  });

  it('Firefox: re-points the open sidebar', async () => {
    const { api, calls } = firefox();
    const opening = beginStats({ id: 3 }, api);
    expect(await opening.show('lnk_2')).toBe('sidebar');
    expect(calls.at(-1)).toBe(`setPanel {"panel":"${ROOT}/sidepanel.html?linkId=lnk_2","tabId":3}`);
  });

  it('a refused panel becomes a tab on the link, and the panel is not touched again', async () => {
    const { api, calls } = chrome(() => Promise.reject(new Error('no gesture')));
    const opening = beginStats({ id: 7 }, api);
    expect(await opening.show('lnk_2')).toBe('tab');
    expect(calls.slice(2)).toEqual([`tabs.create {"url":"${ROOT}/sidepanel.html?linkId=lnk_2"}`]);
  });
});

describe('openStats on the extension\'s own browser object (fakeBrowser)', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(fakeBrowser, 'sidePanel');
  });

  const urls = async () => (await fakeBrowser.tabs.query({})).map((t) => t.url);

  it('Chrome: uses sidePanel when the browser has it, and opens no tab', async () => {
    const setOptions = vi.fn(async () => undefined);
    const open = vi.fn(async () => undefined);
    Object.assign(fakeBrowser, { sidePanel: { setOptions, open } });
    const before = await urls();
    expect(await openStats('lnk_1', { id: 4 })).toBe('side-panel');
    expect(setOptions).toHaveBeenCalledWith({ tabId: 4, path: 'sidepanel.html?linkId=lnk_1', enabled: true });
    expect(open).toHaveBeenCalledWith({ tabId: 4 });
    expect(await urls()).toEqual(before);
  });

  it('Firefox: uses sidebarAction', async () => {
    const setPanel = vi.spyOn(fakeBrowser.sidebarAction, 'setPanel').mockResolvedValue(undefined);
    const open = vi.spyOn(fakeBrowser.sidebarAction, 'open').mockResolvedValue(undefined);
    expect(await openStats('lnk_1', { id: 4 })).toBe('sidebar');
    expect(setPanel).toHaveBeenCalledWith({ panel: `${ROOT}/sidepanel.html?linkId=lnk_1`, tabId: 4 });
    expect(open).toHaveBeenCalledOnce();
  });

  it('a panel API that throws at once still shows the stats, in a real tab', async () => {
    // The fake's sidebarAction throws "not implemented" synchronously.
    expect(await openStats('lnk_1', { id: 4 })).toBe('tab');
    expect(await urls()).toContain(`${ROOT}/sidepanel.html?linkId=lnk_1`);
  });
});
