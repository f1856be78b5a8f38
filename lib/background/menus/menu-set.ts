/**
 * Makes the context menu's items exactly once, whatever woke the background.
 *
 * Chrome keeps menus across service-worker and browser restarts and refuses a
 * second `create` of an id ("duplicate id"); Firefox forgets them when the
 * browser restarts. So: on install and update (and an unpacked reload, which
 * Chrome reports as an update) the set is rebuilt from a clean slate
 * (removeAll, then create); at every start it is only checked, and rebuilt
 * when an item is missing. Both run one at a time on one chain, so an install
 * that also starts the worker never creates an id twice.
 */
import { browser } from 'wxt/browser';

export type MenuContext = 'link' | 'page' | 'selection' | 'editable' | 'action';

export interface MenuItem {
  id: string;
  title: string;
  contexts: [MenuContext, ...MenuContext[]];
}

/** The calls the set makes, each a promise that rejects on the browser's error. */
export interface MenusApi {
  create(item: MenuItem): Promise<void>;
  /** Rejects for an item that does not exist (Chrome and Firefox alike); with no change it does nothing else. */
  exists(id: string): Promise<boolean>;
  removeAll(): Promise<void>;
}

/** browser.contextMenus, with `create`'s error (reported through runtime.lastError) as a rejection. */
export function browserMenus(): MenusApi {
  return {
    create: (item) =>
      new Promise<void>((resolve, reject) => {
        browser.contextMenus.create({ id: item.id, title: item.title, contexts: item.contexts }, () => {
          const error = browser.runtime.lastError;
          if (error) reject(new Error(error.message ?? `contextMenus.create(${item.id}) failed`));
          else resolve();
        });
      }),
    exists: (id) => browser.contextMenus.update(id, {}).then(() => true, () => false),
    removeAll: () => browser.contextMenus.removeAll(),
  };
}

export interface MenuSet {
  /** Clean slate: every item of the extension removed, ours made, then the others' (`remakeOthers`). */
  rebuild(): Promise<void>;
  /** Rebuilds only when one of our items is missing; otherwise makes no change. */
  ensure(): Promise<void>;
}

export function createMenuSet(api: MenusApi, items: readonly MenuItem[], remakeOthers: () => Promise<void>): MenuSet {
  let chain: Promise<void> = Promise.resolve();
  const queued = (work: () => Promise<void>): Promise<void> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };

  async function rebuild(): Promise<void> {
    await api.removeAll();
    for (const item of items) await api.create(item);
    await remakeOthers();
  }

  return {
    rebuild: () => queued(rebuild),
    ensure: () =>
      queued(async () => {
        const present = await Promise.all(items.map((item) => api.exists(item.id)));
        if (present.includes(false)) await rebuild();
      }),
  };
}
