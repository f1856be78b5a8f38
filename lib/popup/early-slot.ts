/**
 * What the popup's first script (lib/popup/early-start.ts) started, as
 * main.tsx takes it (lib/browser/first-script.ts). Apart from that script's
 * code, so main.tsx does not bundle the code that asked a second time.
 */
import { takeFromFirstScript } from '../browser/first-script';
import type { Begun } from './start';
import type { Place } from './where-am-i';

export interface EarlyStart {
  begun: Begun;
  place: Promise<Place>;
}

export const POPUP_FIRST_SCRIPT = 'shortlinkPopupStart';

/**
 * What the first script started. Should it not have run (it is in the same
 * package, so only a bug does that), every question fails and the popup
 * shows its error.
 */
export function takeEarlyStart(scope: object = globalThis): EarlyStart {
  const start = takeFromFirstScript<EarlyStart>(POPUP_FIRST_SCRIPT, scope);
  if (start !== undefined) return start;
  const failed = Promise.reject(new Error('The popup\'s first script did not run'));
  failed.catch(() => undefined);
  return {
    begun: { start: failed, shortening: Promise.resolve(undefined), local: Promise.resolve(null) },
    place: Promise.resolve({ openedAsTab: false, url: undefined, statsTab: undefined, page: null }),
  };
}
