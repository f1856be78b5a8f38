/**
 * The watch's manners toward the sites it checks: at most one request start
 * a second on any one host (every request, redirect hops and a GET after a
 * refused HEAD included), and at most 4 checks in flight overall
 * (./run-paced.ts). A user with many links to one site never floods it.
 */

export const WATCH_CONCURRENCY = 4;
export const PER_HOST_GAP_MS = 1_000;

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface HostPacer {
  /** Waits for `host`'s next turn; turns are booked when asked, so they come in order and a gap apart. */
  turn(host: string): Promise<void>;
  /** When `host` may next be asked without waiting. */
  readyAt(host: string): number;
}

export function createHostPacer(clock: PacerClock, gapMs = PER_HOST_GAP_MS): HostPacer {
  const nextTurn = new Map<string, number>();
  const keyOf = (host: string) => host.toLowerCase();
  return {
    async turn(host) {
      const key = keyOf(host);
      const now = clock.now();
      const at = Math.max(now, nextTurn.get(key) ?? now);
      // Booked before waiting, so the next request to the host queues behind this one.
      nextTurn.set(key, at + gapMs);
      if (at > now) await clock.sleep(at - now);
    },
    readyAt: (host) => nextTurn.get(keyOf(host)) ?? 0,
  };
}

/** `fetch` that waits for the host's turn before each request. */
export function pacedFetch(pacer: HostPacer, inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    await pacer.turn(url.hostname);
    return inner(input, init);
  };
}
