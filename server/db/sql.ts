/**
 * The service's one storage boundary: every module reads and writes through
 * this interface, never through a driver. Two implementations:
 * sqlite-database.ts (better-sqlite3, the embedded default) and
 * postgres-database.ts (porsager/postgres, for several instances on one
 * database). Queries are written once, in the SQL both understand, with `?`
 * placeholders; the few places where the dialects differ ask `dialect`.
 */
export type Dialect = 'sqlite' | 'postgres';

export type SqlValue = string | number | Buffer | null | readonly string[] | readonly number[];

export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

export interface TransactionOptions {
  /**
   * Every statement sees the same snapshot (analytics' blocks must agree).
   * SQLite transactions always do; PostgreSQL runs it REPEATABLE READ.
   */
  snapshot?: boolean;
}

export interface Sql {
  readonly dialect: Dialect;
  all<T>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
  get<T>(text: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  run(text: string, params?: readonly SqlValue[]): Promise<RunResult>;
  /** Several statements without parameters (tests, migrations). */
  exec(text: string): Promise<void>;
  /**
   * Runs `work` in ONE transaction: committed when it resolves, rolled back
   * when it throws. Every call on this object made from inside `work` (also
   * through other modules) joins the transaction; a nested call joins it too.
   */
  transaction<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Inside a transaction: waits until no other transaction of any process
   * holds `key`, and holds it until this one ends. SQLite serialises its
   * writing transactions already (one writer per database), so there it is
   * free; PostgreSQL takes a transaction-level advisory lock.
   */
  lock(key: string): Promise<void>;
}

/** An open database: the Sql plus what only the owner of the connection does. */
export interface Database extends Sql {
  /** Where it is: a folder, ':memory:', or a postgres:// URL without its password. */
  readonly location: string;
  /**
   * Calls `listener` after a link's address or destination, or a domain,
   * changed or was deleted, by this process or another one (the redirect
   * cache empties itself). Returns a function that stops it.
   */
  onRedirectChange(listener: () => void): () => void;
  /**
   * Notices changes made by other processes that were not announced: cheap
   * enough to call on every redirect lookup (SQLite checks its data version
   * at most every 100 ms; PostgreSQL is told by NOTIFY and does nothing here).
   */
  pollChanges(): void;
  /**
   * Whether changes made by other processes reach this one now (/readyz).
   * SQLite reads them from its file (pollChanges): always. PostgreSQL: while
   * its LISTEN connection answers its heartbeat (postgres-listener.ts).
   */
  hearsChanges(): boolean;
  close(): Promise<void>;
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (no query of the service has a `?` inside a literal). */
export function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${(n += 1)}`);
}
