/**
 * Where the popup's first script (lib/popup/early-start.ts) leaves what it
 * started, for main.tsx. Types only besides the slot, so main.tsx takes the
 * questions without bundling the code that asked them a second time.
 */
import type { Begun } from './start';
import type { Place } from './where-am-i';

export interface EarlyStart {
  begun: Begun;
  place: Promise<Place>;
}

const SLOT = 'shortlinkPopupStart';

type Scope = Record<string, EarlyStart | undefined>;

export function leaveForPage(start: EarlyStart, scope: object = globalThis): void {
  (scope as Scope)[SLOT] = start;
}

/**
 * What the first script started. Should it not have run (it is in the same
 * package, so only a bug does that), every question fails and the popup
 * shows its error.
 */
export function takeEarlyStart(scope: object = globalThis): EarlyStart {
  const start = (scope as Scope)[SLOT];
  if (start !== undefined) return start;
  const failed = Promise.reject(new Error('The popup\'s first script did not run'));
  failed.catch(() => undefined);
  return {
    begun: { start: failed, shortening: Promise.resolve(undefined), local: Promise.resolve(null) },
    place: Promise.resolve({ openedAsTab: false, url: undefined, statsTab: undefined, page: null }),
  };
}
