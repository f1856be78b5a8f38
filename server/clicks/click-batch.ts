import type { VisitInfo } from './recorder-port';

/**
 * Visits as the recorder keeps them until they are written, and as they
 * cross to the writer thread: columns in typed arrays, with every distinct
 * string stored once. A second of traffic repeats a few link ids,
 * User-Agents and referrers thousands of times. Kept as one object per visit,
 * each lived long enough to be promoted by the garbage collector (most of
 * the redirect's GC time), and posting them to the thread copied each
 * property name and string again, then rebuilt every object there (more
 * than the SQLite insert cost). The typed arrays are transferred, not copied.
 */
export interface ClickBatch {
  /** Distinct strings of the batch; index 0 is ''. */
  strings: string[];
  /** Epoch milliseconds, one per click. */
  at: Float64Array<ArrayBuffer>;
  /** FIELDS indices into `strings` per click: link id, User-Agent, referrer, country, state, city. */
  refs: Uint32Array<ArrayBuffer>;
  /** 1 for a visit by a known bot (recorder-port.ts), 0 for a person; one per click. */
  bots: Uint8Array<ArrayBuffer>;
}

/** String fields per click. A missing geo header travels as '', which is labelled the same. */
export const FIELDS = 6;

/** Up to `capacity` clicks sharing one string table; clicks [start, end) are still held. */
class Chunk {
  readonly strings: string[] = [''];
  readonly #index = new Map<string, number>([['', 0]]);
  readonly at: Float64Array<ArrayBuffer>;
  readonly refs: Uint32Array<ArrayBuffer>;
  readonly bots: Uint8Array<ArrayBuffer>;
  /** Index of the previous click's User-Agent and referrer: consecutive visits often share them. */
  #lastAgent = 0;
  #lastReferrer = 0;
  start = 0;
  end = 0;

  constructor(readonly capacity: number) {
    this.at = new Float64Array(capacity);
    this.refs = new Uint32Array(capacity * FIELDS);
    this.bots = new Uint8Array(capacity);
  }

  #indexOf(value: string | null): number {
    if (value === null || value === '') return 0;
    let i = this.#index.get(value);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(value);
      this.#index.set(value, i);
    }
    return i;
  }

  push(visit: VisitInfo): void {
    const n = this.end;
    this.end += 1;
    this.at[n] = visit.at;
    this.bots[n] = visit.bot === true ? 1 : 0;
    const base = n * FIELDS;
    const refs = this.refs;
    refs[base] = this.#indexOf(visit.linkId);
    this.#lastAgent = visit.userAgent === this.strings[this.#lastAgent] ? this.#lastAgent : this.#indexOf(visit.userAgent);
    refs[base + 1] = this.#lastAgent;
    this.#lastReferrer = visit.referrer === this.strings[this.#lastReferrer] ? this.#lastReferrer : this.#indexOf(visit.referrer);
    refs[base + 2] = this.#lastReferrer;
    refs[base + 3] = this.#indexOf(visit.country);
    refs[base + 4] = this.#indexOf(visit.state);
    refs[base + 5] = this.#indexOf(visit.city);
  }

  /** The clicks still held, as a batch of their own (copies: the chunk stays usable). */
  batch(): ClickBatch {
    return {
      strings: this.strings.slice(),
      at: this.at.slice(this.start, this.end),
      refs: this.refs.slice(this.start * FIELDS, this.end * FIELDS),
      bots: this.bots.slice(this.start, this.end),
    };
  }
}

/**
 * The recorder's buffer: clicks in chunks of `chunkSize` (one write
 * transaction each), oldest first. Recording a click allocates nothing that
 * outlives the request except strings not seen before in its chunk.
 */
export class ClickBuffer {
  #chunks: Chunk[] = [];
  #length = 0;

  constructor(readonly chunkSize: number) {}

  get length(): number {
    return this.#length;
  }

  push(visit: VisitInfo): void {
    let last = this.#chunks[this.#chunks.length - 1];
    if (!last || last.end === last.capacity) {
      last = new Chunk(this.chunkSize);
      this.#chunks.push(last);
    }
    last.push(visit);
    this.#length += 1;
  }

  /**
   * Adds a visit; when `limit` clicks are held already (writes fail or lag behind), the oldest
   * is dropped first, so the newest are kept. True when one was dropped.
   */
  pushWithin(visit: VisitInfo, limit: number): boolean {
    const full = this.#length >= limit;
    if (full) this.dropOldest();
    this.push(visit);
    return full;
  }

  dropOldest(): void {
    const first = this.#chunks[0];
    if (!first) return;
    first.start += 1;
    this.#length -= 1;
    if (first.start === first.end) this.#chunks.shift();
  }

  /** The oldest chunk's clicks as a batch, or undefined when empty; `shift` then removes them. */
  peek(): ClickBatch | undefined {
    return this.#chunks[0]?.batch();
  }

  shift(): void {
    const first = this.#chunks.shift();
    if (first) this.#length -= first.end - first.start;
  }

  /** Every click held, as batches, oldest first; the buffer is then empty. */
  takeAll(): ClickBatch[] {
    const batches = this.#chunks.map((chunk) => chunk.batch());
    this.#chunks = [];
    this.#length = 0;
    return batches;
  }
}
