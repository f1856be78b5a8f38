import { describe, expect, it } from 'vitest';
import { qrFileName } from '../../../lib/qr/file-name';

describe('qrFileName', () => {
  it.each([
    ['https://s.example/abc1234', 'png', 'qr-abc1234.png'],
    ['https://s.example/abc1234', 'svg', 'qr-abc1234.svg'],
    ['https://go.example.org/my_link-2', 'png', 'qr-my_link-2.png'],
    ['https://s.example/abc1234?utm=qr#top', 'png', 'qr-abc1234.png'],
    ['https://s.example/abc1234/', 'png', 'qr-abc1234.png'],
    // Path tricks: only the last segment, and no separators survive.
    ['https://s.example/a/..%2F..%2Fetc%2Fpasswd', 'png', 'qr-etc-passwd.png'],
    ['https://s.example/..%5C..%5Cwin.ini', 'svg', 'qr-win-ini.svg'],
    ['https://s.example/%00nul%0A', 'png', 'qr-nul.png'],
    ['https://s.example/caf%C3%A9', 'png', 'qr-caf.png'],
    ['https://s.example/%E2%9C%93', 'png', 'qr-s-example.png'],
    ['https://s.example/100%', 'png', 'qr-100.png'],
    ['https://s.example/' + 'k'.repeat(80), 'png', `qr-${'k'.repeat(50)}.png`],
    ['https://s.example/' + 'k'.repeat(49) + '.x', 'png', `qr-${'k'.repeat(49)}.png`],
    ['https://s.example/', 'png', 'qr-s-example.png'],
    ['https://xn--bcher-kva.example/', 'png', 'qr-xn--bcher-kva-example.png'],
    ['not a url', 'png', 'qr-link.png'],
    ['', 'svg', 'qr-link.svg'],
  ] as const)('%s as %s is %s', (url, kind, name) => {
    expect(qrFileName(url, kind)).toBe(name);
  });
});
