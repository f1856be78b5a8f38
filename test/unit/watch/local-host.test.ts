// Which hosts the watch refuses to request: local, private and link-local addresses by their written form.
import { describe, expect, it } from 'vitest';
import { isLocalHost } from '../../../lib/watch/local-host';

const hostOf = (url: string) => new URL(url).hostname;

describe('isLocalHost', () => {
  it.each([
    'http://localhost/',
    'http://app.localhost/',
    'http://printer.local/',
    'http://intranet/',
    'http://127.0.0.1/',
    'http://127.5.6.7:8080/',
    'http://0x7f.1/', // URL() writes it 127.0.0.1
    'http://2130706433/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fd12:3456::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:192.168.0.1]/',
  ])('refuses %s', (url) => {
    expect(isLocalHost(hostOf(url))).toBe(true);
  });

  it.each(['https://example.com/', 'http://8.8.8.8/', 'http://172.32.0.1/', 'http://[2001:4860:4860::8888]/', 'http://[::ffff:8.8.8.8]/', 'https://local.example.org/'])(
    'allows %s',
    (url) => {
      expect(isLocalHost(hostOf(url))).toBe(false);
    },
  );
});
