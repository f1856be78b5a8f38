/**
 * Where backup and restore find pg_dump and pg_restore, what they say when
 * neither place has them, and how a connection URL's password reaches the
 * tools: in their environment, never in their arguments or in a message.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPgTool, pgConnection, requirePgTool } from '../../server/ops/pg-tools';

const root = mkdtempSync(join(tmpdir(), 'shortlink-pg-tools-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tool(folder: string, name: string, mode = 0o755): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, mode);
  return file;
}

describe('findPgTool', () => {
  const versionsRoot = join(root, 'lib-postgresql');
  tool(join(versionsRoot, '9.6', 'bin'), 'pg_dump');
  const newest = tool(join(versionsRoot, '15', 'bin'), 'pg_dump');
  tool(join(versionsRoot, '13', 'bin'), 'pg_dump');
  tool(join(versionsRoot, '16', 'bin'), 'pg_restore');
  const onPath = tool(join(root, 'bin'), 'pg_dump');
  tool(join(root, 'not-executable'), 'pg_dump', 0o644);

  it('takes PATH first, in its order, skipping files that cannot run', () => {
    const path = [join(root, 'empty'), join(root, 'not-executable'), join(root, 'bin')].join(':');
    expect(findPgTool('pg_dump', { path, versionsRoot })).toBe(onPath);
  });

  it('else the newest version under /usr/lib/postgresql that has the tool', () => {
    expect(findPgTool('pg_dump', { path: '', versionsRoot })).toBe(newest);
    expect(findPgTool('pg_restore', { path: join(root, 'bin'), versionsRoot })).toBe(join(versionsRoot, '16', 'bin', 'pg_restore'));
  });

  it('names the package to install when neither place has it', () => {
    const search = { path: join(root, 'not-executable'), versionsRoot: join(root, 'nothing') };
    expect(findPgTool('pg_dump', search)).toBeNull();
    expect(() => requirePgTool('pg_dump', search)).toThrow(/pg_dump was not found .*apt-get install postgresql-client/);
  });
});

describe('pgConnection', () => {
  it('moves the password into PGPASSWORD (decoded) and scrubs it, encoded or not, from text', () => {
    const connection = pgConnection('postgres://app:p%40ss%2Fw0rd@db.internal:5433/links?sslmode=require', { PATH: '/bin' });
    expect(connection.shown).toBe('postgres://app@db.internal:5433/links?sslmode=require');
    expect(connection.env).toMatchObject({ PATH: '/bin', PGPASSWORD: 'p@ss/w0rd', PGAPPNAME: 'shortlink-backup', PGCONNECT_TIMEOUT: '10' });
    expect(connection.scrub('failed for p@ss/w0rd at postgres://app:p%40ss%2Fw0rd@db')).toBe('failed for *** at postgres://app:***@db');
  });

  it('leaves the environment its own password (or ~/.pgpass) when the URL has none', () => {
    const connection = pgConnection('postgresql://app@db/links', { PGPASSWORD: 'from-env', PGCONNECT_TIMEOUT: '3' });
    expect(connection.env).toMatchObject({ PGPASSWORD: 'from-env', PGCONNECT_TIMEOUT: '3' });
    expect(connection.scrub('nothing to hide')).toBe('nothing to hide');
  });
});
