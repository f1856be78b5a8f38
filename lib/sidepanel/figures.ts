/**
 * The figures of the link shown: the cached ones at once, then the service's.
 * A failed refresh keeps what is shown; an answer for a link no longer shown
 * is dropped.
 */
import type { CachedAnalytics } from '../storage/analytics-cache';
import type { Send } from '../messaging/send-message';
import { INTERNAL, type PanelState } from './panel-model';

interface FiguresDeps {
  send: Send;
  readCache: (linkId: string) => Promise<CachedAnalytics | null>;
  now: () => number;
  isOnline: () => boolean;
  timeZone?: () => string | Promise<string>;
}

export function createFigures(state: PanelState, deps: FiguresDeps) {
  /** Bumped on every change of link, so a late answer for the previous link is dropped. */
  let generation = 0;
  let lastAttempt = -Infinity;

  const linkIdOf = (): string | null => {
    const { target } = state.model();
    return target.kind === 'link' ? target.linkId : null;
  };

  async function refresh(): Promise<void> {
    const linkId = linkIdOf();
    if (linkId === null || state.stopped()) return;
    const mine = generation;
    lastAttempt = deps.now();
    state.set({ refreshing: true });
    let answer;
    try {
      answer = await deps.send('linkAnalytics', deps.timeZone ? { linkId, timeZone: await deps.timeZone() } : { linkId });
    } catch {
      answer = { status: 'error', error: INTERNAL } as const;
    }
    if (mine !== generation) return;
    const now = deps.now();
    switch (answer.status) {
      case 'done':
        state.set({
          refreshing: false,
          figures: { data: answer.data, fetchedAt: answer.fetchedAt, cached: false },
          answered: true,
          error: null,
          offline: false,
          notConfigured: false,
          now,
        });
        return;
      case 'not-configured':
        state.set({ refreshing: false, notConfigured: true, now });
        return;
      case 'error':
        // The figures already shown stay: stale numbers with their age beat a blank panel. Offline is
        // the browser's word only: a service that does not answer while the network is up is "can't reach".
        state.set({ refreshing: false, error: answer.error, offline: !deps.isOnline(), now });
        return;
    }
  }

  /** The link's cached figures, or null when there are none or the cache cannot be read. */
  async function readCache(linkId: string): Promise<CachedAnalytics | null> {
    try {
      return await deps.readCache(linkId);
    } catch {
      // No IndexedDB (private window, quota): the refresh still shows figures.
      return null;
    }
  }

  return {
    refresh,
    /** The link shown changes: answers still on their way are for the one before. */
    drop(): void {
      generation += 1;
    },
    /**
     * The cached figures first, then the service's: the request goes out once
     * the cache has been read (a miss costs a storage read and an IndexedDB
     * get), so the background's write of the answer never holds up the read.
     * `asked`: called once the request is sent (or the link changed meanwhile).
     */
    async load(linkId: string, asked: () => void = () => undefined): Promise<void> {
      const mine = generation;
      const cached = await readCache(linkId);
      if (mine !== generation) return asked();
      if (cached !== null) state.set({ figures: { ...cached, cached: true }, now: deps.now() });
      const answered = refresh();
      // The request is on its way (refresh sends before its first await).
      asked();
      await answered;
    },
    /** When the last refresh was sent (-Infinity before the first). */
    lastAttemptAt: () => lastAttempt,
  };
}
