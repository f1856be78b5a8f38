import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openDatabase, type Database } from '../../server/db/open';
import { createRedirectCache, REDIRECT_CACHE_MAX_AGE_MS } from '../../server/redirect/cache';
import { createRedirectResolver, type RedirectOutcome } from '../../server/redirect/resolve';
import { seedDomain, seedLink } from './clicks-fixtures';
import { testLocation, type TestLocation } from './test-database';

/** The resolver keeps found links in memory: every change must show on the very next visit. */
let db: Database;
let where: TestLocation;
afterEach(async () => {
  await db.close();
  await where.remove();
});

async function open(): Promise<Database> {
  where = await testLocation();
  db = await openDatabase(where.location);
  return db;
}

function resolverFor(database: Database): (host: string, keyword: string, scheme?: string) => Promise<RedirectOutcome> {
  const ctx = { db: database, config: { ...DEFAULT_CONFIG, publicUrl: 'http://sho.rt' } } as Pick<AppContext, 'db' | 'config'>;
  const resolve = createRedirectResolver(ctx as AppContext);
  return async (host, keyword, scheme = 'https') => resolve({ keyword, host, scheme, pathAndQuery: `/${keyword}` });
}

/** A change committed by someone else: another connection to the SQLite file, another instance on PostgreSQL. */
async function changeElsewhere(text: string): Promise<void> {
  if (db.dialect === 'sqlite') {
    const other = new BetterSqlite3(join(where.location, 'service.sqlite'));
    other.prepare(text).run();
    other.close();
    return;
  }
  const other = await openDatabase(where.location);
  await other.run(text);
  await other.close();
}

describe('redirect cache', () => {
  it('follows changes made through the same connection at once', async () => {
    await open();
    await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://one.example/' });
    await seedLink(db, { id: 'l2', keyword: 'abc', longUrl: 'https://brand.example/', domain: 'go.brand.test' });
    await seedDomain(db, { id: 'd1', domain: 'go.brand.test', setUp: true, httpToHttps: false });
    const resolve = resolverFor(db);
    expect(await resolve('sho.rt', 'abc')).toEqual({ kind: 'redirect', linkId: 'l1', location: 'https://one.example/' });
    await db.run("UPDATE links SET long_url = 'https://two.example/' WHERE id = 'l1'");
    expect(await resolve('sho.rt', 'abc')).toMatchObject({ location: 'https://two.example/' });
    await db.run("UPDATE links SET active = 0 WHERE id = 'l1'");
    expect(await resolve('sho.rt', 'abc')).toEqual({ kind: 'not-found' });
    await db.run("UPDATE links SET active = 1 WHERE id = 'l1'");
    expect((await resolve('sho.rt', 'abc')).kind).toBe('redirect');
    await db.run("DELETE FROM links WHERE id = 'l1'");
    expect(await resolve('sho.rt', 'abc')).toEqual({ kind: 'not-found' });

    expect(await resolve('go.brand.test', 'abc', 'http')).toMatchObject({ kind: 'redirect', location: 'https://brand.example/' });
    await db.run("UPDATE domains SET http_to_https = 1 WHERE id = 'd1'");
    expect(await resolve('go.brand.test', 'abc', 'http')).toEqual({ kind: 'https', location: 'https://go.brand.test/abc' });
    await db.run("DELETE FROM domains WHERE id = 'd1'");
    expect(await resolve('go.brand.test', 'abc')).toEqual({ kind: 'not-found' });
  });

  it('follows changes committed by another connection within a fraction of a second', async () => {
    await open();
    await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://one.example/' });
    const resolve = resolverFor(db);
    expect(await resolve('sho.rt', 'abc')).toMatchObject({ location: 'https://one.example/' });
    await changeElsewhere("UPDATE links SET long_url = 'https://elsewhere.example/' WHERE id = 'l1'");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await resolve('sho.rt', 'abc')).toMatchObject({ location: 'https://elsewhere.example/' });
  });

  it('answers a cached link without waiting for the database', async () => {
    await open();
    await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://one.example/' });
    const resolve = createRedirectResolver({ db, config: { ...DEFAULT_CONFIG, publicUrl: 'http://sho.rt' } } as AppContext);
    const request = { keyword: 'abc', host: 'sho.rt', scheme: 'https', pathAndQuery: '/abc' };
    expect(resolve(request)).toBeInstanceOf(Promise);
    await resolve(request);
    expect(resolve(request)).toEqual({ kind: 'redirect', linkId: 'l1', location: 'https://one.example/' });
  });

  it('is shared by every resolver of a database (one set of triggers)', async () => {
    await open();
    await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://one.example/' });
    const first = resolverFor(db);
    const second = resolverFor(db);
    expect((await first('sho.rt', 'abc')).kind).toBe('redirect');
    expect((await second('sho.rt', 'abc')).kind).toBe('redirect');
    await db.run("UPDATE links SET active = 0 WHERE id = 'l1'");
    expect((await first('sho.rt', 'abc')).kind).toBe('not-found');
    expect((await second('sho.rt', 'abc')).kind).toBe('not-found');
  });

  it('asks again for a link or domain cached longer than the bound, though no change was announced', async () => {
    await open();
    await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://one.example/' });
    await seedLink(db, { id: 'l2', keyword: 'gone', longUrl: 'https://gone.example/' });
    await seedDomain(db, { id: 'd1', domain: 'go.brand.test', setUp: true, httpToHttps: false });
    // The database as an instance whose announcements were lost (a stalled LISTEN connection, a restore).
    const deaf = { dialect: db.dialect, get: db.get.bind(db), onRedirectChange: () => () => true, pollChanges: () => undefined } as unknown as Database;
    let clock = 1_000;
    const cache = createRedirectCache(deaf, () => clock);
    expect(await cache.link('', 'abc')).toMatchObject({ long_url: 'https://one.example/' });
    expect(await cache.link('', 'gone')).toMatchObject({ id: 'l2' });
    expect(await cache.domain('go.brand.test')).toMatchObject({ http_to_https: 0 });
    await db.run("UPDATE links SET long_url = 'https://two.example/' WHERE id = 'l1'");
    await db.run("DELETE FROM links WHERE id = 'l2'");
    await db.run("UPDATE domains SET http_to_https = 1 WHERE id = 'd1'");

    clock += REDIRECT_CACHE_MAX_AGE_MS;
    expect(cache.peekLink('', 'abc')).toMatchObject({ long_url: 'https://one.example/' });
    expect(cache.peekDomain('go.brand.test')).toMatchObject({ http_to_https: 0 });
    clock += 1;
    expect(cache.peekLink('', 'abc')).toBeUndefined();
    expect(cache.peekDomain('go.brand.test')).toBeUndefined();
    expect(await cache.link('', 'abc')).toMatchObject({ long_url: 'https://two.example/' });
    expect(await cache.link('', 'gone')).toBeUndefined();
    expect(await cache.domain('go.brand.test')).toMatchObject({ http_to_https: 1 });
    // Read again: the bound starts anew.
    expect(cache.peekLink('', 'abc')).toMatchObject({ long_url: 'https://two.example/' });
  });
});
