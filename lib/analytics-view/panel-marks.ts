/**
 * The side panel's performance marks, read by test/bench/sidepanel.bench.ts:
 * the names live here only.
 */
import { FIGURES_READ_MARK, SCOPE_READ_MARK } from './read-marks';

export const PANEL_MARKS = {
  /** Figures first on screen (their frame painted: the header and overview, on a reopen), from the device's cache. */
  figuresCached: 'shortlink:figures:cached',
  /** Figures first on screen (their frame painted), from the service (nothing was cached). */
  figuresFresh: 'shortlink:figures:fresh',
  /** Where a reopen's time goes (the bench prints them): the first script's reads of the scope and the cached figures settled, */
  scopeRead: SCOPE_READ_MARK,
  figuresRead: FIGURES_READ_MARK,
  /** the page's modules loaded and running (entrypoints/sidepanel/main.tsx), */
  modulesRun: 'shortlink:panel:modules',
  /** and the first figures put in the page, before their frame is painted. */
  figuresInPage: 'shortlink:panel:figures-in-page',
  /** Prefix of one mark per chart, at its first drawing: `shortlink:chart:<block id>`. */
  chart: 'shortlink:chart:',
} as const;

/** Marks once per name and page: later redraws (refreshes) are not first drawings. */
export function markOnce(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}
