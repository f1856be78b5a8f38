/**
 * The context menu is made once: no duplicate-id error across install,
 * update, reload and restart, in Chrome (menus kept across restarts) and
 * Firefox (menus lost on a browser restart). The fake keeps Chrome's rules:
 * `create` of an existing id fails, `update` of a missing one fails.
 */
import { describe, expect, it } from 'vitest';
import { createMenuSet, type MenuItem, type MenusApi } from '../../../lib/background/menus/menu-set';

const ITEMS: MenuItem[] = [
  { id: 'shortlink-shorten-link', title: 'Shorten link address', contexts: ['link'] },
  { id: 'shortlink-shorten-page', title: 'Shorten this page', contexts: ['page'] },
  { id: 'shortlink-shorten-selection', title: 'Shorten selected URL', contexts: ['selection'] },
];

/** The browser's menu registry, shared by every "start" of the background, as the browser keeps it. */
function fakeBrowserMenus() {
  const made = new Map<string, MenuItem>();
  const errors: string[] = [];
  let creates = 0;
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const api: MenusApi = {
    async create(item) {
      await tick();
      creates += 1;
      if (made.has(item.id)) {
        errors.push(`Cannot create item with duplicate id ${item.id}`);
        throw new Error(`Cannot create item with duplicate id ${item.id}`);
      }
      made.set(item.id, item);
    },
    async exists(id) {
      await tick();
      return made.has(id);
    },
    async removeAll() {
      await tick();
      made.clear();
    },
  };
  return { api, made, errors, creates: () => creates, forget: () => made.clear() };
}

/** One start of the background: what wireContextMenu does, with the install event when there is one. */
async function start(api: MenusApi, installed: boolean, others: () => Promise<void> = async () => undefined): Promise<void> {
  const set = createMenuSet(api, ITEMS, others);
  const runs = [set.ensure()];
  if (installed) runs.push(set.rebuild());
  await Promise.all(runs);
}

describe('the menu set', () => {
  it('a first install, which also starts the worker, makes each item once', async () => {
    const menus = fakeBrowserMenus();
    await start(menus.api, true);
    expect([...menus.made.keys()]).toEqual(ITEMS.map((i) => i.id));
    expect(menus.errors).toEqual([]);
  });

  it('a worker or browser restart in Chrome (items kept) changes nothing', async () => {
    const menus = fakeBrowserMenus();
    await start(menus.api, true);
    const before = menus.creates();
    await start(menus.api, false);
    await start(menus.api, false);
    expect(menus.creates()).toBe(before);
    expect(menus.errors).toEqual([]);
  });

  it('an update or an unpacked reload rebuilds from a clean slate without duplicates', async () => {
    const menus = fakeBrowserMenus();
    await start(menus.api, true);
    await start(menus.api, true);
    expect([...menus.made.keys()]).toEqual(ITEMS.map((i) => i.id));
    expect(menus.errors).toEqual([]);
  });

  it('a Firefox browser restart (items lost, no install event) makes them again', async () => {
    const menus = fakeBrowserMenus();
    await start(menus.api, true);
    menus.forget();
    await start(menus.api, false);
    expect([...menus.made.keys()]).toEqual(ITEMS.map((i) => i.id));
    expect(menus.errors).toEqual([]);
  });

  it('an item lost on its own brings the whole set back, once', async () => {
    const menus = fakeBrowserMenus();
    await start(menus.api, true);
    menus.made.delete('shortlink-shorten-page');
    await start(menus.api, false);
    expect([...menus.made.keys()].sort()).toEqual(ITEMS.map((i) => i.id).sort());
    expect(menus.errors).toEqual([]);
  });

  it('rebuilds asked for at once run one after the other', async () => {
    const menus = fakeBrowserMenus();
    const set = createMenuSet(menus.api, ITEMS, async () => undefined);
    await Promise.all([set.rebuild(), set.rebuild(), set.ensure(), set.rebuild()]);
    expect(menus.made.size).toBe(ITEMS.length);
    expect(menus.errors).toEqual([]);
  });

  it('remakes the other items (Show stats) after its clean slate, and only then', async () => {
    const menus = fakeBrowserMenus();
    const seen: string[][] = [];
    await start(menus.api, true, async () => {
      seen.push([...menus.made.keys()]);
    });
    // Once for the ensure of the first start (nothing there yet), once for the install's rebuild.
    expect(seen).toEqual([ITEMS.map((i) => i.id), ITEMS.map((i) => i.id)]);
  });

  it('a failed create is reported to the caller, not swallowed', async () => {
    const menus = fakeBrowserMenus();
    const set = createMenuSet({ ...menus.api, create: async () => Promise.reject(new Error('boom')) }, ITEMS, async () => undefined);
    await expect(set.rebuild()).rejects.toThrow('boom');
    // The chain goes on: the next rebuild is tried.
    await expect(createMenuSet(menus.api, ITEMS, async () => undefined).rebuild()).resolves.toBeUndefined();
  });
});
