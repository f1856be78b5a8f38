import { describe, expect, it } from 'vitest';
import { normaliseHost, sameHost } from '../../../lib/contract/host';

describe('normaliseHost', () => {
  it.each([
    ['localhost.', 'http:', 'localhost'],
    ['LOCALHOST.:8787', 'http:', 'localhost:8787'],
    ['Go.Example.COM.', 'https:', 'go.example.com'],
    ['bücher.example', 'http:', 'xn--bcher-kva.example'],
    ['BÜCHER.example.', 'http:', 'xn--bcher-kva.example'],
    ['sho.rt:80', 'http:', 'sho.rt'],
    ['sho.rt:443', 'https:', 'sho.rt'],
    ['sho.rt:443', 'http:', 'sho.rt:443'],
    ['127.1', 'http:', '127.0.0.1'],
    ['0x7f.0.0.1.', 'http:', '127.0.0.1'],
    ['[::1]:80', 'http:', '[::1]'],
    ['[::1]:8787', 'http:', '[::1]:8787'],
    ['  go.example  ', 'http:', 'go.example'],
  ] as const)('%j (%s) -> %j', (raw, protocol, host) => {
    expect(normaliseHost(raw, protocol)?.host).toBe(host);
  });

  it.each(['', '..', 'a/b', 'user@host', 'host?x', 'host#x', 'a b', 'ex\\ample', 'host:99999'])('%j is not a host', (raw) => {
    expect(normaliseHost(raw)).toBeNull();
  });

  it('an own host with a port matches only that port; without one, any', () => {
    const at = (raw: string) => normaliseHost(raw) ?? { hostname: '', port: '', host: '' };
    expect(sameHost(at('localhost:8787'), at('localhost.:8787'))).toBe(true);
    expect(sameHost(at('localhost:8787'), at('localhost:9999'))).toBe(false);
    expect(sameHost(at('localhost'), at('LOCALHOST.:9999'))).toBe(true);
  });
});
