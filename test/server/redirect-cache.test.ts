import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openDatabase, type Db } from '../../server/db/open';
import { createRedirectResolver, type RedirectOutcome } from '../../server/redirect/resolve';
import { seedDomain, seedLink } from './clicks-fixtures';

/** The resolver keeps found links in memory: every change must show on the very next visit. */
let db: Db;
let dir: string | undefined;
afterEach(() => {
  db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function resolverFor(database: Db): (host: string, keyword: string, scheme?: string) => RedirectOutcome {
  const ctx = { db: database, config: { ...DEFAULT_CONFIG, publicUrl: 'http://sho.rt' } } as Pick<AppContext, 'db' | 'config'>;
  const resolve = createRedirectResolver(ctx as AppContext);
  return (host, keyword, scheme = 'https') => resolve({ keyword, host, scheme, pathAndQuery: `/${keyword}` });
}

describe('redirect cache', () => {
  it('follows changes made through the same connection at once', () => {
    db = openDatabase(':memory:');
    seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://one.example/' });
    seedLink(db, { id: 'l2', keyword: 'abc', longUrl: 'https://brand.example/', domain: 'go.brand.test' });
    seedDomain(db, { id: 'd1', domain: 'go.brand.test', setUp: true, httpToHttps: false });
    const resolve = resolverFor(db);
    expect(resolve('sho.rt', 'abc')).toEqual({ kind: 'redirect', linkId: 'l1', location: 'https://one.example/' });
    db.prepare("UPDATE links SET long_url = 'https://two.example/' WHERE id = 'l1'").run();
    expect(resolve('sho.rt', 'abc')).toMatchObject({ location: 'https://two.example/' });
    db.prepare("UPDATE links SET active = 0 WHERE id = 'l1'").run();
    expect(resolve('sho.rt', 'abc')).toEqual({ kind: 'not-found' });
    db.prepare("UPDATE links SET active = 1 WHERE id = 'l1'").run();
    expect(resolve('sho.rt', 'abc').kind).toBe('redirect');
    db.prepare("DELETE FROM links WHERE id = 'l1'").run();
    expect(resolve('sho.rt', 'abc')).toEqual({ kind: 'not-found' });

    expect(resolve('go.brand.test', 'abc', 'http')).toMatchObject({ kind: 'redirect', location: 'https://brand.example/' });
    db.prepare("UPDATE domains SET http_to_https = 1 WHERE id = 'd1'").run();
    expect(resolve('go.brand.test', 'abc', 'http')).toEqual({ kind: 'https', location: 'https://go.brand.test/abc' });
    db.prepare("DELETE FROM domains WHERE id = 'd1'").run();
    expect(resolve('go.brand.test', 'abc')).toEqual({ kind: 'not-found' });
  });

  it('follows changes committed by another connection within a fraction of a second', async () => {
    dir = mkdtempSync(join(tmpdir(), 'redirect-cache-'));
    db = openDatabase(dir);
    seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://one.example/' });
    const resolve = resolverFor(db);
    expect(resolve('sho.rt', 'abc')).toMatchObject({ location: 'https://one.example/' });
    const other = new Database(join(dir, 'service.sqlite'));
    other.prepare("UPDATE links SET long_url = 'https://elsewhere.example/' WHERE id = 'l1'").run();
    other.close();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(resolve('sho.rt', 'abc')).toMatchObject({ location: 'https://elsewhere.example/' });
  });

  it('is shared by every resolver of a database (one set of triggers)', () => {
    db = openDatabase(':memory:');
    seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://one.example/' });
    const first = resolverFor(db);
    const second = resolverFor(db);
    expect(first('sho.rt', 'abc').kind).toBe('redirect');
    expect(second('sho.rt', 'abc').kind).toBe('redirect');
    db.prepare("UPDATE links SET active = 0 WHERE id = 'l1'").run();
    expect(first('sho.rt', 'abc').kind).toBe('not-found');
    expect(second('sho.rt', 'abc').kind).toBe('not-found');
  });
});
