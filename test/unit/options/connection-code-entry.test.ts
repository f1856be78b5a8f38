/** A pasted connection code as a profile draft, and the fields' problems after the check as the code's one problem (lib/options/connection-code-entry.ts). */
import { describe, expect, it } from 'vitest';
import { encodeConnectionCode } from '../../../lib/contract/connection-code';
import { codeProblemOf, readConnectionCode } from '../../../lib/options/connection-code-entry';

const CONNECTION = { apiBase: 'https://sho.rt/api', token: 'sl_0123456789abcdef', workspaceId: 'acme' };

describe('readConnectionCode', () => {
  it('fills the three fields, the name left to be made from the workspace and host', () => {
    expect(readConnectionCode(encodeConnectionCode(CONNECTION))).toEqual({
      ok: true,
      draft: { name: '', baseUrl: 'https://sho.rt/api', token: 'sl_0123456789abcdef', workspaceId: 'acme' },
    });
  });

  it('reads a code wrapped over lines and indented, as an email delivers it', () => {
    const code = encodeConnectionCode(CONNECTION);
    const wrapped = `  ${code.slice(0, 20)}\r\n    ${code.slice(20, 41)}\n\t${code.slice(41)}  \n`;
    expect(readConnectionCode(wrapped)).toMatchObject({ ok: true, draft: { baseUrl: CONNECTION.apiBase, token: CONNECTION.token } });
  });

  it.each([
    ['', 'empty'],
    ['   \n ', 'empty'],
    ['sk_live_51H8x2eZvKYlo2C0aBcDeFgHiJ', 'not-a-code'],
    ['https://sho.rt/api', 'not-a-code'],
    [encodeConnectionCode(CONNECTION).slice(0, -12), 'damaged'],
    [encodeConnectionCode({ ...CONNECTION, apiBase: 'ftp://sho.rt/api' }), 'bad-address'],
    [encodeConnectionCode({ ...CONNECTION, token: 'short' }), 'bad-parts'],
  ] as const)('refuses %j: %s', (text, problem) => {
    expect(readConnectionCode(text)).toEqual({ ok: false, problem: { kind: 'code', problem } });
  });
});

describe('codeProblemOf', () => {
  it("names the service's refusal, with the code's address and the service's own words", () => {
    expect(codeProblemOf({ token: 'service-refused-token' }, 'https://sho.rt/api')).toEqual({ kind: 'service', problem: 'service-refused-token', address: 'https://sho.rt/api' });
    expect(codeProblemOf({ baseUrl: 'service-error' }, 'https://sho.rt/api', 'archived')).toEqual({
      kind: 'service',
      problem: 'service-error',
      address: 'https://sho.rt/api',
      message: 'archived',
    });
  });

  it("turns a field's rule the code broke into the code's problem", () => {
    expect(codeProblemOf({ baseUrl: 'base-url-query' }, 'https://sho.rt/api?x=1')).toEqual({ kind: 'code', problem: 'bad-address' });
    expect(codeProblemOf({ workspaceId: 'workspace-invalid' }, 'https://sho.rt/api')).toEqual({ kind: 'code', problem: 'bad-parts' });
  });

  it('finds none when no field is at fault (the status line says why)', () => {
    expect(codeProblemOf({}, 'https://sho.rt/api')).toBeNull();
  });
});
