/**
 * The side panel's performance marks, read by test/bench/sidepanel.bench.ts:
 * the names live here only.
 */
export const PANEL_MARKS = {
  /** Figures first on screen (their frame painted: the header and overview, on a reopen), from the device's cache. */
  figuresCached: 'shortlink:figures:cached',
  /** Figures first on screen (their frame painted), from the service (nothing was cached). */
  figuresFresh: 'shortlink:figures:fresh',
  /** Prefix of one mark per chart, at its first drawing: `shortlink:chart:<block id>`. */
  chart: 'shortlink:chart:',
} as const;

/** Marks once per name and page: later redraws (refreshes) are not first drawings. */
export function markOnce(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}
