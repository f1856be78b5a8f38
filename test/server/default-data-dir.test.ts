/**
 * SHORTLINK_DEFAULT_DATA, the data folder the container image sets (its
 * volume): a default, not a choice of database, so SHORTLINK_DATABASE takes
 * over from it with no conflict (the compose file's PostgreSQL), while
 * SHORTLINK_DATA beside SHORTLINK_DATABASE still names two databases.
 */
import { describe, expect, it } from 'vitest';
import { locationOf } from '../../server/cli-token';
import { defaultDataDir } from '../../server/config';

const PG = 'postgres://shortlink:secret@db:5432/shortlink';

describe('the default data folder', () => {
  it('is .data, or SHORTLINK_DEFAULT_DATA when set', () => {
    expect(defaultDataDir({})).toBe('.data');
    expect(defaultDataDir({ SHORTLINK_DEFAULT_DATA: '' })).toBe('.data');
    expect(defaultDataDir({ SHORTLINK_DEFAULT_DATA: '/data' })).toBe('/data');
  });

  it('gives way to SHORTLINK_DATA and --data, and to SHORTLINK_DATABASE without a conflict', () => {
    expect(locationOf({}, { SHORTLINK_DEFAULT_DATA: '/data' })).toBe('/data');
    expect(locationOf({}, { SHORTLINK_DEFAULT_DATA: '/data', SHORTLINK_DATA: '/srv/links' })).toBe('/srv/links');
    expect(locationOf({ data: '/mnt/x' }, { SHORTLINK_DEFAULT_DATA: '/data' })).toBe('/mnt/x');
    expect(locationOf({}, { SHORTLINK_DEFAULT_DATA: '/data', SHORTLINK_DATABASE: PG })).toBe(PG);
  });

  it('SHORTLINK_DATA beside SHORTLINK_DATABASE still names two databases', () => {
    expect(() => locationOf({}, { SHORTLINK_DATA: '/data', SHORTLINK_DATABASE: PG })).toThrow(/two databases/);
  });
});
