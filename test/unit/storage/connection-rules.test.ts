import { describe, expect, it } from 'vitest';
import { validateConnection } from '../../../lib/storage/connection-rules';

const good = { baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_abc123', workspaceId: 'demo' };

describe('validateConnection', () => {
  it.each([
    [{}, {}],
    [{ baseUrl: '' }, { baseUrl: 'base-url-empty' }],
    [{ baseUrl: 'example.com/api' }, { baseUrl: 'base-url-invalid' }],
    [{ baseUrl: '/api' }, { baseUrl: 'base-url-invalid' }],
    [{ baseUrl: 'ftp://example.com/api' }, { baseUrl: 'base-url-scheme' }],
    [{ baseUrl: 'javascript:alert(1)' }, { baseUrl: 'base-url-scheme' }],
    [{ baseUrl: 'https://user:pw@example.com/api' }, { baseUrl: 'base-url-credentials' }],
    [{ baseUrl: 'https://example.com/api?x=1' }, { baseUrl: 'base-url-query' }],
    [{ token: '' }, { token: 'token-empty' }],
    [{ token: '   ' }, { token: 'token-empty' }],
    [{ token: 'two words' }, { token: 'token-spaces' }],
    [{ token: 'a\tb' }, { token: 'token-spaces' }],
    [{ workspaceId: '' }, { workspaceId: 'workspace-empty' }],
    [{ workspaceId: 'a b' }, { workspaceId: 'workspace-invalid' }],
    [{ workspaceId: 'x'.repeat(101) }, { workspaceId: 'workspace-invalid' }],
    [
      { baseUrl: 'nope', token: '', workspaceId: '/' },
      { baseUrl: 'base-url-invalid', token: 'token-empty', workspaceId: 'workspace-invalid' },
    ],
  ])('%j → %j', (change, expected) => {
    const verdict = validateConnection({ ...good, ...change });
    if (Object.keys(expected).length === 0) {
      expect(verdict.ok).toBe(true);
      return;
    }
    expect(verdict).toEqual({ ok: false, problems: expected });
  });

  it('accepts https with a port and a deeper path', () => {
    expect(validateConnection({ ...good, baseUrl: 'https://short.example.com:8443/v1/api/' })).toEqual({
      ok: true,
      value: { ...good, baseUrl: 'https://short.example.com:8443/v1/api' },
    });
  });

  it('never echoes the token in a problem', () => {
    const verdict = validateConnection({ ...good, token: 'secret value' });
    expect(JSON.stringify(verdict)).not.toContain('secret');
  });
});
