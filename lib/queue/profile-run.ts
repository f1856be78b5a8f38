/**
 * One profile's share of a replay pass: its due items (./pass-plan.ts),
 * handed out oldest first with at most one item of a lane in flight, and
 * what its service said so far, which decides whether another may start:
 *
 * - until the service has answered once, one item at a time: a service that
 *   is down costs one failed send, not a batch of them;
 * - a 429 pauses the whole profile (the service's limit is per token) until
 *   its Retry-After; the item goes again first when the pause ends;
 * - a service out of reach, or a refused token, ends the profile's pass.
 */
import { laneOf } from './lanes';
import type { ProfileWork } from './pass-plan';
import type { QueueItem } from './types';

/** How an item's send ended, for the rest of its lane: go on, send it again after a pause, or wait for a later pass. */
export type Release = 'next' | 'again' | 'hold';

interface Lane {
  busy: boolean;
  held: boolean;
  waiting: QueueItem[];
}

/**
 * A class, not an object literal: the extension's production build took an
 * object literal's first values of these fields for constants and dropped
 * the checks that read them (./send-item.ts writes them), so every pass sent
 * one item at a time (seen in .output/chrome-mv3/background.js).
 */
export class ProfileRun {
  inFlight = 0;
  /** The service answered this pass (any answer, a refusal included). */
  answered = false;
  /** No send starts before this (a 429). */
  pausedUntil = 0;
  /** 429s in a row, for the pause when no Retry-After came. */
  limitedInARow = 0;
  /** The service could not be reached: the profile's items wait until this time, or a probe. */
  downUntil: number | null = null;
  /** The items that met the service out of reach, for the probe to watch. */
  readonly unreachable: string[] = [];
  /** The token was refused: the profile's items are paused. */
  refused = false;

  private readonly lanes = new Map<string, Lane>();
  /** Items whose lane came free, or that go again after a pause: older than anything not reached yet. */
  private readonly ready: QueueItem[] = [];
  private next = 0;

  constructor(readonly work: ProfileWork) {}

  /** Whether an item may start now (its turn, its lane aside). */
  open(now: number): boolean {
    if (this.refused || this.downUntil !== null || this.pausedUntil > now) return false;
    return this.answered || this.inFlight === 0;
  }

  /** The oldest item whose lane is free, marked busy; undefined when none is left. */
  take(): QueueItem | undefined {
    // A ready item's lane stayed busy for it: no later item of the lane got in meanwhile.
    const first = this.ready.shift();
    if (first !== undefined) return first;
    while (this.next < this.work.due.length) {
      const item = this.work.due[this.next++]!;
      const lane = this.laneFor(item);
      if (lane.held) continue;
      if (lane.busy) {
        lane.waiting.push(item);
        continue;
      }
      lane.busy = true;
      return item;
    }
    return undefined;
  }

  release(item: QueueItem, how: Release): void {
    const lane = this.laneFor(item);
    if (how === 'again') {
      this.putReady(item);
      return;
    }
    if (how === 'hold') {
      lane.held = true;
      lane.waiting = [];
      lane.busy = false;
      return;
    }
    const after = lane.waiting.shift();
    if (after === undefined) lane.busy = false;
    else this.putReady(after);
  }

  /** Items left to hand out (some may be in lanes still busy). */
  left(): boolean {
    return this.ready.length > 0 || this.next < this.work.due.length;
  }

  private laneFor(item: QueueItem): Lane {
    const key = laneOf(item);
    let lane = this.lanes.get(key);
    if (lane === undefined) {
      lane = { busy: false, held: false, waiting: [] };
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private putReady(item: QueueItem): void {
    const at = this.ready.findIndex((other) => other.id > item.id);
    this.ready.splice(at < 0 ? this.ready.length : at, 0, item);
  }
}
