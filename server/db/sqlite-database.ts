import BetterSqlite3 from 'better-sqlite3';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrateSqlite } from './migrate-sqlite';
import type { Database, RunResult, SqlValue, TransactionOptions } from './sql';

/** How often other connections' commits (the CLI, the click writer thread) are looked for. */
const OUTSIDE_CHECK_MS = 100;

/**
 * The embedded database: one better-sqlite3 connection in this process. Its
 * calls are synchronous underneath, so a query outside a transaction runs at
 * once (the promise is already settled when returned). A transaction holds
 * the connection across `await`s: queries from other requests wait until it
 * ends instead of joining it (AsyncLocalStorage tells the transaction's own
 * calls from theirs), so nothing interleaves, as with the synchronous
 * transactions of before.
 */
export class SqliteDatabase implements Database {
  readonly dialect = 'sqlite';
  readonly native: BetterSqlite3.Database;
  readonly location: string;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  readonly #inTransaction = new AsyncLocalStorage<true>();
  #open: Promise<void> | null = null;
  readonly #listeners = new Set<() => void>();
  #triggersMade = false;
  #version: unknown = undefined;
  #checkedAt = 0;

  constructor(dataDir: string) {
    let file = ':memory:';
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true });
      file = join(dataDir, 'service.sqlite');
    }
    this.location = dataDir;
    this.native = new BetterSqlite3(file);
    this.native.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the last commits.
    this.native.pragma('synchronous = NORMAL');
    this.native.pragma('foreign_keys = ON');
    this.native.pragma('busy_timeout = 5000');
    migrateSqlite(this.native);
  }

  #statement(text: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.native.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /** Runs `work` now, unless another request's transaction holds the connection: then after it. */
  async #when<T>(work: () => T): Promise<T> {
    if (!this.#inTransaction.getStore()) while (this.#open) await this.#open;
    return work();
  }

  all<T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.#when(() => this.#statement(text).all(...params) as T[]);
  }

  get<T>(text: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return this.#when(() => this.#statement(text).get(...params) as T | undefined);
  }

  run(text: string, params: readonly SqlValue[] = []): Promise<RunResult> {
    return this.#when(() => ({ changes: this.#statement(text).run(...params).changes }));
  }

  exec(text: string): Promise<void> {
    return this.#when(() => void this.native.exec(text));
  }

  async transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (this.#inTransaction.getStore()) return work();
    while (this.#open) await this.#open;
    let release = (): void => undefined;
    this.#open = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      // A writing transaction takes the write lock first: upgrading a read later can fail at once
      // (SQLITE_BUSY_SNAPSHOT) when the click writer thread committed in between.
      this.native.exec(options.snapshot ? 'BEGIN' : 'BEGIN IMMEDIATE');
      const result = await this.#inTransaction.run(true, work);
      this.native.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.native.inTransaction) this.native.exec('ROLLBACK');
      throw error;
    } finally {
      this.#open = null;
      release();
      // Node 20 keeps async hooks on for every async resource of the process while any
      // AsyncLocalStorage is enabled: measured 2 µs of a 20 µs redirect. Off between transactions
      // (a waiting one turns it on again in run()); nothing of this one is left to track.
      this.#inTransaction.disable();
    }
  }

  lock(): Promise<void> {
    return Promise.resolve();
  }

  onRedirectChange(listener: () => void): () => void {
    if (!this.#triggersMade) this.#makeTriggers();
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * TEMP triggers on this connection (they exist on no other) call back into
   * JavaScript in the very statement that changes a link or a domain, so this
   * process never serves a stale redirect. Other connections' commits show in
   * `PRAGMA data_version` (pollChanges).
   */
  #makeTriggers(): void {
    this.#triggersMade = true;
    this.native.function('redirect_cache_clear', () => {
      this.#announce();
      return null;
    });
    this.native.exec(`
      CREATE TEMP TRIGGER IF NOT EXISTS redirect_cache_link_update AFTER UPDATE OF domain, keyword, long_url, active ON main.links
        BEGIN SELECT redirect_cache_clear(); END;
      CREATE TEMP TRIGGER IF NOT EXISTS redirect_cache_link_delete AFTER DELETE ON main.links
        BEGIN SELECT redirect_cache_clear(); END;
      CREATE TEMP TRIGGER IF NOT EXISTS redirect_cache_domain_update AFTER UPDATE ON main.domains
        BEGIN SELECT redirect_cache_clear(); END;
      CREATE TEMP TRIGGER IF NOT EXISTS redirect_cache_domain_delete AFTER DELETE ON main.domains
        BEGIN SELECT redirect_cache_clear(); END;
    `);
    this.#version = this.#statement('PRAGMA data_version').pluck().get();
    this.#checkedAt = Date.now();
  }

  #announce(): void {
    for (const listener of this.#listeners) listener();
  }

  pollChanges(): void {
    if (!this.#triggersMade) return;
    const now = Date.now();
    if (now - this.#checkedAt < OUTSIDE_CHECK_MS) return;
    this.#checkedAt = now;
    const current = this.#statement('PRAGMA data_version').pluck().get();
    if (current !== this.#version) {
      this.#version = current;
      this.#announce();
    }
  }

  hearsChanges(): boolean {
    return true;
  }

  async close(): Promise<void> {
    while (this.#open) await this.#open;
    this.native.close();
  }
}
