/**
 * The options page's destination check: turning the watch on (the browser's
 * permission to reach any site is asked first, from the user's click, and
 * the background refuses to turn on without it), off, "Check now", and the
 * status with its "Links to check", read again every few seconds while a
 * run is under way.
 */
import type { AnswerOf, Send } from '../messaging/send-message';

export type WatchStatusView = AnswerOf<'watchStatus'>;

export interface WatchModel {
  status: WatchStatusView | null;
  busy: boolean;
  /** Why the last action did not do what was asked. */
  notice: 'permission-refused' | 'not-configured' | 'failed' | null;
}

export const INITIAL_WATCH: WatchModel = { status: null, busy: false, notice: null };

/** How often the page reads the status again while a run goes on. */
export const WATCH_POLL_MS = 2_000;

export interface WatchControllerDeps {
  send: Send;
  /** Asks the browser for access to every site; must run inside the user's click. */
  requestAnySite: () => Promise<boolean>;
  onChange: (model: WatchModel) => void;
  setTimer: (fn: () => void, ms: number) => unknown;
}

export function createWatchController(deps: WatchControllerDeps) {
  let model = INITIAL_WATCH;
  let polling = false;
  const set = (patch: Partial<WatchModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };

  async function load(): Promise<void> {
    try {
      const status = await deps.send('watchStatus', {});
      set({ status });
      if (status.running !== null) poll();
    } catch {
      set({ notice: 'failed' });
    }
  }

  function poll(): void {
    if (polling) return;
    polling = true;
    deps.setTimer(() => {
      polling = false;
      void load();
    }, WATCH_POLL_MS);
  }

  function problemOf(answer: AnswerOf<'setWatch'>): WatchModel['notice'] {
    if (answer.ok) return null;
    return answer.problem === 'no-permission' ? 'permission-refused' : answer.problem === 'not-configured' ? 'not-configured' : 'failed';
  }

  return {
    load,
    async setEnabled(on: boolean): Promise<void> {
      set({ busy: true, notice: null });
      try {
        // Asked first, synchronously inside the click: the browser refuses a request made later.
        if (on && !(await deps.requestAnySite())) {
          set({ busy: false, notice: 'permission-refused' });
          return;
        }
        const answer = await deps.send('setWatch', { enabled: on });
        set({ busy: false, notice: problemOf(answer) });
      } catch {
        set({ busy: false, notice: 'failed' });
      }
      await load();
    },
    async checkNow(): Promise<void> {
      set({ busy: true, notice: null });
      try {
        const answer = await deps.send('watchCheckNow', {});
        set({ busy: false, notice: problemOf(answer) });
      } catch {
        set({ busy: false, notice: 'failed' });
      }
      await load();
      poll();
    },
  };
}
export type WatchController = ReturnType<typeof createWatchController>;
