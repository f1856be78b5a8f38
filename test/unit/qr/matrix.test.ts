import { describe, expect, it } from 'vitest';
import { MAX_QR_URL_LENGTH, QUIET_ZONE, qrMatrix } from '../../../lib/qr/matrix';
import { urlOfLength } from './helpers';

describe('qrMatrix', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['javascript:alert(1)', 'scheme'],
    ['JavaScript:alert(1)', 'scheme'],
    ['data:text/html,<b>hi</b>', 'scheme'],
    ['chrome://settings', 'scheme'],
    ['ftp://s.example/abc', 'scheme'],
    ['not a url', 'invalid'],
    ['s.example/abc', 'invalid'],
    [urlOfLength(MAX_QR_URL_LENGTH + 1), 'too-long'],
    // Short before parsing, long after: each space becomes %20.
    ['https://s.example/' + ' x'.repeat(700), 'too-long'],
  ])('refuses %j with code %s', (text, problem) => {
    expect(qrMatrix(text)).toEqual({ ok: false, problem });
  });

  it('draws a URL of exactly the limit', () => {
    const verdict = qrMatrix(urlOfLength(MAX_QR_URL_LENGTH));
    expect(verdict.ok && verdict.matrix.text.length).toBe(MAX_QR_URL_LENGTH);
  });

  it('encodes the parsed href: IDN as punycode, tabs and newlines gone', () => {
    const verdict = qrMatrix(' https://bücher.example/a\tb\n ');
    expect(verdict.ok && verdict.matrix.text).toBe('https://xn--bcher-kva.example/ab');
  });

  it('is square with a light quiet zone of 4 modules on every side', () => {
    const verdict = qrMatrix('https://s.example/abc1234');
    if (!verdict.ok) throw new Error(verdict.problem);
    const { size, modules } = verdict.matrix;
    expect(modules).toHaveLength(size);
    for (const row of modules) expect(row).toHaveLength(size);
    const inZone = (i: number) => i < QUIET_ZONE || i >= size - QUIET_ZONE;
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (inZone(x) || inZone(y)) expect(dark).toBe(false);
      }),
    );
    // The finder pattern's dark corner sits just inside the quiet zone.
    expect(modules[QUIET_ZONE]?.[QUIET_ZONE]).toBe(true);
  });
});
