/**
 * The refresh every 30 s and the clock behind "updated N s ago". Both run
 * only while the panel is visible and shows a link: a hidden panel costs the
 * service nothing, and comes back up to date when it is shown again.
 */
import type { PanelState } from './panel-model';

export const REFRESH_MS = 30_000;
/** How often "updated N s ago" is brought up to date while visible. */
export const CLOCK_MS = 5_000;

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

interface TimerDeps {
  timers: Timers;
  isVisible: () => boolean;
  now: () => number;
}

export function createRefreshTimer(state: PanelState, deps: TimerDeps, figures: { refresh(): Promise<void>; lastAttemptAt(): number }) {
  let refreshTimer: unknown = null;
  let clockTimer: unknown = null;

  function start(): void {
    if (refreshTimer === null) refreshTimer = deps.timers.setInterval(() => void figures.refresh(), REFRESH_MS);
    if (clockTimer === null) clockTimer = deps.timers.setInterval(() => state.set({ now: deps.now() }), CLOCK_MS);
  }
  function stop(): void {
    if (refreshTimer !== null) deps.timers.clearInterval(refreshTimer);
    if (clockTimer !== null) deps.timers.clearInterval(clockTimer);
    refreshTimer = clockTimer = null;
  }
  /** Starts or stops the timers to match the panel: visible, open, and showing a link. */
  function sync(): void {
    if (!state.stopped() && deps.isVisible() && state.model().target.kind === 'link') start();
    else stop();
  }

  return {
    sync,
    stop,
    visibilityChanged(): void {
      sync();
      // Back in view after the refresh interval passed while hidden: bring the figures up to date now.
      if (deps.isVisible() && deps.now() - figures.lastAttemptAt() >= REFRESH_MS) void figures.refresh();
      if (deps.isVisible()) state.set({ now: deps.now() });
    },
  };
}
