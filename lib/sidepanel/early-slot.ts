/**
 * What the side panel's first script (./early-start.ts) started, as main.tsx
 * takes it (lib/browser/first-script.ts). Apart from that script's code, so
 * main.tsx does not bundle the reads a second time. Should the script not
 * have run (it is in the same package, so only a bug does that), every read
 * fails: the panel then shows what the service sends, with no cached figures.
 */
import { takeFromFirstScript } from '../browser/first-script';
import type { EarlyPanel } from './early-start';
import { linkIdParam } from './link-param';

export const PANEL_FIRST_SCRIPT = 'shortlinkPanelStart';

export function takeEarlyPanel(search: string, scope: object = globalThis): EarlyPanel {
  const early = takeFromFirstScript<EarlyPanel>(PANEL_FIRST_SCRIPT, scope);
  if (early !== undefined) return early;
  const fail = () => {
    const failed = Promise.reject(new Error("The side panel's first script did not run"));
    failed.catch(() => undefined);
    return failed;
  };
  return {
    linkId: linkIdParam(search),
    scope: fail(),
    cached: fail(),
    known: fail(),
    reads: { scope: fail, openCache: () => undefined, cached: fail, known: fail },
  };
}
