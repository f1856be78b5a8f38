/**
 * The popup's first questions, asked by its first script
 * (entrypoints/popup-start.ts), a small classic script the browser runs as
 * soon as it has it, while the page's modules (Preact, the design system)
 * are still loading: the tab, local storage and, on a miss, the
 * background's shortening all overlap that load. main.tsx takes what was
 * started here (lib/popup/early-slot.ts).
 *
 * It talks to the browser's own API object (lib/browser/native-api.ts), as
 * the popup's first frame does, so it stays small enough to run first.
 */
import { copyText } from '../browser/copy-text';
import { sendVia, type MessageRuntime } from '../messaging/send-via';
import { localPopupState, readLocalCache, type LocalArea } from './local';
import type { EarlyStart } from './early-slot';
import { begin } from './start';
import { mark } from './timing-marks';
import { whereAmI, type TabsApi } from './where-am-i';

/** The parts of the extension API the first questions use. */
export interface FirstApis {
  tabs: TabsApi;
  storage: { local: LocalArea };
  runtime: MessageRuntime;
}

export function startPopup(api: FirstApis, search: string, copy: (text: string) => Promise<boolean> = copyText): EarlyStart {
  mark('start');
  const place = whereAmI(api.tabs, search);
  const begun = begin({
    send: sendVia(api.runtime),
    search,
    whereAmI: () => place,
    readLocalCache: () => readLocalCache(api.storage.local),
    localPopupState,
    mark,
    // A link found in local storage is copied now, before the page can draw it.
    copy,
  });
  return { begun, place };
}
