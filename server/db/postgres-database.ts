import { AsyncLocalStorage } from 'node:async_hooks';
import postgres from 'postgres';
import { migratePostgres } from './migrate-postgres';
import { ChangeListener, DEFAULT_HEARTBEAT, REDIRECT_CHANNEL, type HeartbeatOptions } from './postgres-listener';
import { numberedPlaceholders, type Database, type RunResult, type SqlValue, type TransactionOptions } from './sql';

type Connection = postgres.Sql | postgres.TransactionSql;
interface OpenTransaction {
  sql: postgres.TransactionSql;
  /** A statement of this transaction changed what redirects read: announce it after COMMIT. */
  changedRedirects: boolean;
}
type Param = postgres.ParameterOrJSON<never>;

/** Statements of this process that change what a redirect reads (the notify triggers of 006-instances.sql watch the same). */
const CHANGES_REDIRECTS = /^\s*(DELETE\s+FROM\s+(links|domains)|UPDATE\s+domains|UPDATE\s+links\s+SET\s+(domain|keyword|long_url|active))\b/i;

/**
 * PostgreSQL, for several instances of the service on one database. A pool of
 * connections; a transaction keeps one of them, and every call made inside it
 * (AsyncLocalStorage) goes to that connection. Counts (int8) and sums
 * (numeric) are read as JavaScript numbers, as SQLite gives them.
 *
 * Redirect caches: every instance LISTENs to the triggers' NOTIFY (another
 * instance's change arrives within milliseconds; postgres-listener.ts proves
 * the connection still hears, and while it does not every lookup is
 * announced as a change, so the cache is not used); this process's own
 * changes are announced as soon as their statement (or transaction) is done,
 * so a request that follows a delete on the same instance never sees the link.
 */
export class PostgresDatabase implements Database {
  readonly dialect = 'postgres';
  readonly location: string;
  readonly #sql: postgres.Sql;
  readonly #transaction = new AsyncLocalStorage<OpenTransaction>();
  readonly #listeners = new Set<() => void>();
  readonly #placeholders = new Map<string, string>();
  #listener: ChangeListener | null = null;

  private constructor(url: string, poolSize: number) {
    const shown = new URL(url);
    shown.password = '';
    this.location = shown.href;
    this.#sql = postgres(url, {
      max: poolSize,
      onnotice: () => undefined,
      connection: { application_name: 'shortlink' },
      types: {
        bigint: { to: 20, from: [20, 1700], serialize: (value: number) => String(value), parse: (value: string) => Number(value) },
      },
    });
  }

  /** Connects, applies the migrations not yet applied, and listens for other instances' changes. */
  static async open(url: string, poolSize = 10, heartbeat: HeartbeatOptions = DEFAULT_HEARTBEAT): Promise<PostgresDatabase> {
    const db = new PostgresDatabase(url, poolSize);
    try {
      await migratePostgres(db.#sql);
      db.#listener = new ChangeListener(url, (payload) => db.#sql.notify(REDIRECT_CHANNEL, payload), () => db.#announce(), heartbeat);
      await db.#listener.start();
    } catch (error) {
      await db.#listener?.close();
      await db.#sql.end({ timeout: 1 });
      throw error;
    }
    return db;
  }

  #connection(): Connection {
    return this.#transaction.getStore()?.sql ?? this.#sql;
  }

  #text(text: string): string {
    let numbered = this.#placeholders.get(text);
    if (numbered === undefined) {
      numbered = numberedPlaceholders(text);
      this.#placeholders.set(text, numbered);
    }
    return numbered;
  }

  async #query(text: string, params: readonly SqlValue[]): Promise<postgres.RowList<postgres.Row[]>> {
    const rows = await this.#connection().unsafe(this.#text(text), params as Param[], { prepare: true });
    if (rows.count > 0 && CHANGES_REDIRECTS.test(text)) {
      const open = this.#transaction.getStore();
      if (open) open.changedRedirects = true;
      else this.#announce();
    }
    return rows;
  }

  async all<T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return [...(await this.#query(text, params))] as T[];
  }

  async get<T>(text: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.#query(text, params))[0] as T | undefined;
  }

  async run(text: string, params: readonly SqlValue[] = []): Promise<RunResult> {
    return { changes: (await this.#query(text, params)).count };
  }

  async exec(text: string): Promise<void> {
    await this.#connection().unsafe(text);
  }

  async transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (this.#transaction.getStore()) return work();
    let changedRedirects = false;
    const body = async (sql: postgres.TransactionSql): Promise<T> => {
      const open: OpenTransaction = { sql, changedRedirects: false };
      try {
        return await this.#transaction.run(open, work);
      } finally {
        changedRedirects = open.changedRedirects;
      }
    };
    const result = (await (options.snapshot
      ? this.#sql.begin('isolation level repeatable read read only', body)
      : this.#sql.begin(body))) as T;
    if (changedRedirects) this.#announce();
    return result;
  }

  async lock(key: string): Promise<void> {
    if (!this.#transaction.getStore()) throw new Error('lock() is only for inside a transaction');
    await this.#connection().unsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key], { prepare: true });
  }

  onRedirectChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #announce(): void {
    for (const listener of this.#listeners) listener();
  }

  pollChanges(): void {
    // NOTIFY tells this process; while the listener is not proven to hear it, anything may have changed.
    if (this.#listener && !this.#listener.trusted()) this.#announce();
  }

  hearsChanges(): boolean {
    return this.#listener?.trusted() ?? false;
  }

  async close(): Promise<void> {
    await this.#listener?.close();
    await this.#sql.end({ timeout: 5 });
  }
}
