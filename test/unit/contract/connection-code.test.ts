/** The connection code the service's token command prints and the welcome page reads. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONNECTION_CODE_PREFIX, decodeConnectionCode, encodeConnectionCode } from '../../../lib/contract/connection-code';

const connection = { apiBase: 'https://sho.rt/api', token: 'mRQ6zVjulWv1mvXTNj4439d2iJfzxHYVVVZTsEFsPUM', workspaceId: 'acme' };
const code = encodeConnectionCode(connection);

describe('the connection code', () => {
  it('is one line that reads back as the address, token and workspace', () => {
    expect(code.startsWith(CONNECTION_CODE_PREFIX)).toBe(true);
    expect(code).not.toMatch(/\s/);
    expect(decodeConnectionCode(code)).toEqual({ ok: true, connection });
  });

  it('survives spaces and line breaks from an email', () => {
    const wrapped = `  ${code.slice(0, 30)}\r\n  ${code.slice(30, 70)}\n${code.slice(70)}  \n`;
    expect(decodeConnectionCode(wrapped)).toEqual({ ok: true, connection });
  });

  it('round-trips any address, token and workspace the service makes', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ['http', 'https'] }),
        fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        fc.stringMatching(/^[A-Za-z0-9_.:-]{1,100}$/),
        (apiBase, token, workspaceId) => {
          const parts = { apiBase, token, workspaceId };
          expect(decodeConnectionCode(encodeConnectionCode(parts))).toEqual({ ok: true, connection: parts });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses a code cut short anywhere as damaged', () => {
    for (let end = CONNECTION_CODE_PREFIX.length + 1; end < code.length; end += 1) {
      expect(decodeConnectionCode(code.slice(0, end))).toEqual({ ok: false, problem: 'damaged' });
    }
  });

  it('refuses a code with one character changed as damaged', () => {
    const i = CONNECTION_CODE_PREFIX.length + 12;
    const altered = `${code.slice(0, i)}${code[i] === 'A' ? 'B' : 'A'}${code.slice(i + 1)}`;
    expect(decodeConnectionCode(altered)).toEqual({ ok: false, problem: 'damaged' });
  });

  it.each([
    ['an address', 'https://sho.rt/api'],
    ['a bare token', connection.token],
    ['another product\'s key', 'shlink_api_key=4d2a6c1e-9b1f-4c0a-8a52-3f1e0c6b7d91'],
    ['prose', 'here is my code'],
  ])('refuses %s as not a code', (_, text) => {
    expect(decodeConnectionCode(text)).toEqual({ ok: false, problem: 'not-a-code' });
  });

  it('refuses an empty paste', () => {
    expect(decodeConnectionCode(' \n ')).toEqual({ ok: false, problem: 'empty' });
  });

  it.each(['ftp://sho.rt/api', 'javascript:alert(1)', 'https://user:pw@sho.rt/api', 'not a url'])('refuses the address %j', (apiBase) => {
    expect(decodeConnectionCode(encodeConnectionCode({ ...connection, apiBase }))).toEqual({ ok: false, problem: 'bad-address' });
  });

  it('refuses a workspace or token that cannot be one', () => {
    expect(decodeConnectionCode(encodeConnectionCode({ ...connection, workspaceId: 'a b' }))).toEqual({ ok: false, problem: 'bad-parts' });
    expect(decodeConnectionCode(encodeConnectionCode({ ...connection, token: 'short' }))).toEqual({ ok: false, problem: 'bad-parts' });
  });
});
