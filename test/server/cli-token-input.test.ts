import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CONNECTION_CODE_PREFIX, decodeConnectionCode } from '../../lib/contract/connection-code';
import { tokenCommand } from '../../server/cli-token';
import { UsageError } from '../../server/cli-usage';
import { openDatabase } from '../../server/db/open';

/**
 * What `token` takes from its command line, checked before any database is
 * opened: ids that JavaScript cannot hold exactly are refused rather than
 * rounded to another id, and names (shown on links, in lists and logs) hold
 * no control, format or bidi characters. Run in this process: the command
 * line is the subject, not the database.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-token-input-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function usageError(args: string[]): Promise<string> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await tokenCommand([...args, '--data', dataDir]);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  } finally {
    log.mockRestore();
  }
  throw new Error(`token ${args.join(' ')} was accepted`);
}

describe('token revoke ID', () => {
  it.each(['9999999999999999', '9007199254740992', '99999999999999999999', '0', '007', '1.5', '1e3', '0x10', ' 3'])(
    '%j is a usage error naming the range, before any database is opened',
    async (raw) => {
      expect(await usageError(['revoke', raw])).toBe(`token id must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, not "${raw}"`);
    },
  );

  it('the largest safe id is looked up as itself', async () => {
    await expect(tokenCommand(['revoke', String(Number.MAX_SAFE_INTEGER), '--data', dataDir])).rejects.toThrow(
      `no token has id ${Number.MAX_SAFE_INTEGER} (see token list)`,
    );
  });
});

describe('token --name', () => {
  it.each([
    ['a C0 control', 'ci\u0007bot', /control characters/],
    ['a C1 control (NEL)', 'ci\u0085bot', /control characters/],
    ['a right-to-left override', '\u202egnp.exe', /invisible formatting characters/],
    ['a left-to-right isolate', 'ci\u2066bot', /invisible formatting characters/],
    ['a zero-width space', 'ci\u200bbot', /invisible formatting characters/],
    ['a lone surrogate', 'ci\ud800bot', /unpaired surrogate/],
  ])('with %s is a usage error, and no token is made', async (_name, name, words) => {
    expect(await usageError(['--workspace', 'w1', '--name', name])).toMatch(words);
  });

  it('printable names of any script are taken as they are', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await tokenCommand(['--workspace', 'w1', '--name', 'Zoë ✓ नमस्ते', '--data', dataDir]);
    } finally {
      log.mockRestore();
    }
    const db = await openDatabase(dataDir);
    try {
      expect(await db.all<{ name: string }>('SELECT name FROM tokens')).toEqual([{ name: 'Zoë ✓ नमस्ते' }]);
    } finally {
      await db.close();
    }
  });
});

describe('token (the connection code)', () => {
  it('prints a connection code for the public address before the token, which stays the last line', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      await tokenCommand(['--workspace', 'acme', '--public-url', 'https://sho.rt', '--data', dataDir]);
    } finally {
      log.mockRestore();
    }
    const token = lines.at(-1) ?? '';
    const codeLine = lines.find((line) => line.startsWith(CONNECTION_CODE_PREFIX)) ?? '';
    expect(lines.indexOf(codeLine)).toBeLessThan(lines.length - 1);
    expect(decodeConnectionCode(codeLine)).toEqual({ ok: true, connection: { apiBase: 'https://sho.rt/api', token, workspaceId: 'acme' } });
    expect(lines.join('\n')).toMatch(/keep it secret/);
  });

  it('refuses a public address that is not an http(s) origin', async () => {
    expect(await usageError(['--workspace', 'acme', '--public-url', 'ftp://sho.rt'])).toMatch(/--public-url must be an http\(s\) origin/);
  });
});
