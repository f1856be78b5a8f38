/**
 * The LISTEN connection by which an instance hears other instances' changes
 * (server/redirect/cache.ts empties itself on each), and the proof that it
 * still hears them. A connection can stall without closing (a network path
 * that drops packets, a proxy that stopped forwarding, a server backend
 * stopped): nothing arrives, nothing fails, and the cache would keep
 * answering from memory. So the instance sends itself a NOTIFY through its
 * pool every `heartbeatMs`; when one the database committed has not come back
 * within `timeoutMs`, the listener is not trusted (/readyz fails, the cache
 * is not used) and is replaced by a new connection, until a heartbeat comes
 * back again.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** The channel of the triggers of migrations-postgres/006-instances.sql; restore announces on it too. */
export const REDIRECT_CHANNEL = 'shortlink_redirect';
/** Payloads on the channel that are heartbeats, not changes: `heartbeat:<instance>:<n>`. */
const HEARTBEAT = 'heartbeat:';

export interface HeartbeatOptions {
  /** How often a heartbeat is sent. */
  heartbeatMs: number;
  /** A heartbeat not back within this marks the listener stalled. */
  timeoutMs: number;
}

/** A NOTIFY crosses the database in milliseconds: 5 s of silence is a stalled listener, not a slow one. */
export const DEFAULT_HEARTBEAT: HeartbeatOptions = { heartbeatMs: 1000, timeoutMs: 5000 };

export class ChangeListener {
  readonly #url: string;
  readonly #notify: (payload: string) => Promise<unknown>;
  readonly #onChange: () => void;
  readonly #heartbeat: HeartbeatOptions;
  readonly #prefix = `${HEARTBEAT}${randomBytes(6).toString('hex')}:`;
  #sql: postgres.Sql | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** When the current connection began to LISTEN (performance.now()), and whether it does yet. */
  #attempt = { at: 0, listening: false };
  #sent = 0;
  /** The heartbeat on its way: its number, when it was sent, and when its NOTIFY was committed (null: not yet). */
  #waiting: { n: number; sentAt: number; committedAt: number | null } | null = null;
  #trusted = true;
  #closed = false;

  /**
   * `notify` sends a payload on the channel (through the pool, not this
   * connection); `onChange` is called for every change announced by anyone,
   * on every (re)connection (what was announced meanwhile is unknown), and
   * whenever the listener stops or starts being trusted.
   */
  constructor(url: string, notify: (payload: string) => Promise<unknown>, onChange: () => void, heartbeat: HeartbeatOptions = DEFAULT_HEARTBEAT) {
    this.#url = url;
    this.#notify = notify;
    this.#onChange = onChange;
    this.#heartbeat = heartbeat;
  }

  /** Listens (a failure here fails the service's start), then keeps proving it. */
  async start(): Promise<void> {
    await this.#listen();
    this.#timer = setInterval(() => setImmediate(() => this.#beat()), this.#heartbeat.heartbeatMs);
    this.#timer.unref();
  }

  /** Connected and heard from recently: changes announced anywhere reach this instance. */
  trusted(): boolean {
    return this.#trusted;
  }

  #listen(): Promise<unknown> {
    // Its own client, never used for queries: ending it drops a stalled connection, and a new one takes its place.
    const sql = postgres(this.#url, { max: 1, onnotice: () => undefined, connection: { application_name: 'shortlink-listener' } });
    this.#sql = sql;
    const attempt = { at: performance.now(), listening: false };
    this.#attempt = attempt;
    return sql.listen(REDIRECT_CHANNEL, (payload) => this.#heard(payload), () => this.#onChange()).then((listening) => {
      attempt.listening = true;
      return listening;
    });
  }

  #heard(payload: string): void {
    if (!payload.startsWith(HEARTBEAT)) return this.#onChange();
    if (!payload.startsWith(this.#prefix) || Number(payload.slice(this.#prefix.length)) !== this.#waiting?.n) return;
    this.#waiting = null;
    if (!this.#trusted) {
      this.#trusted = true;
      // What was cached while it was not trusted was read fresh, but start from nothing all the same.
      this.#onChange();
    }
  }

  /** Runs after the timer, once pending input is read (setImmediate): a busy event loop is not a silent listener. */
  #beat(): void {
    if (this.#closed) return;
    const now = performance.now();
    const waiting = this.#waiting;
    // Silent: a heartbeat the database took but this connection did not hear, or a LISTEN not yet answered.
    const silentSince = waiting ? waiting.committedAt : this.#attempt.listening ? null : this.#attempt.at;
    if (silentSince !== null && now - silentSince > this.#heartbeat.timeoutMs) {
      if (this.#trusted) {
        this.#trusted = false;
        this.#onChange();
      }
      this.#replace();
      return;
    }
    // A NOTIFY the pool could not send in time says nothing of the listener (a busy pool, the database
    // unreachable, which the database check of /readyz reports): send another.
    if (waiting && waiting.committedAt === null && now - waiting.sentAt > this.#heartbeat.timeoutMs) this.#waiting = null;
    // A heartbeat sent before LISTEN took effect would be lost, and taken for silence.
    if (this.#waiting || !this.#attempt.listening) return;
    const heartbeat = { n: (this.#sent += 1), sentAt: now, committedAt: null as number | null };
    this.#waiting = heartbeat;
    this.#notify(`${this.#prefix}${heartbeat.n}`).then(
      () => {
        heartbeat.committedAt = performance.now();
      },
      () => undefined,
    );
  }

  /** Drops the silent connection and listens on a new one; a heartbeat follows once it listens. */
  #replace(): void {
    this.#waiting = null;
    this.#sql?.end({ timeout: 0 }).catch(() => undefined);
    this.#listen().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#sql?.end({ timeout: 1 }).catch(() => undefined);
  }
}
