/**
 * The popup's performance marks, read by the timing bench
 * (test/bench/popup-timing.bench.ts) and the e2e page object: the names live
 * here only, and page code calls `mark` instead of `performance.mark`.
 */
export const TIMING_MARKS = {
  /** The popup's first statement, in its first script (entrypoints/popup-start.ts). */
  start: 'shortlink:start',
  /** The page's modules are loaded and evaluated (entrypoints/popup/main.tsx). */
  main: 'shortlink:main',
  /** The background was asked to shorten the page. */
  asked: 'shortlink:asked',
  /** The background's answer arrived. */
  answered: 'shortlink:answered',
  /** The short link is on screen, and copied if the user wants that. */
  ready: 'shortlink:ready',
} as const;

export type TimingMark = keyof typeof TIMING_MARKS;

export function mark(name: TimingMark): void {
  performance.mark(TIMING_MARKS[name]);
}
