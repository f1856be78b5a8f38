import { normaliseHost } from '../contract/host';

/**
 * Punycode to Unicode (RFC 3492, decoding only), so the options page shows
 * `bücher.example` for the `xn--bcher-kva.example` the service stores. The
 * WHATWG URL parser only encodes, and Node's `punycode` module does not
 * exist in browsers; decoding is the small half.
 */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 22; // 0-9 -> 26-35
  if (code >= 97 && code <= 122) return code - 97; // a-z -> 0-25
  if (code >= 65 && code <= 90) return code - 65;
  return BASE;
}

/** One label's punycode (without `xn--`) decoded; null when it is not valid punycode. */
export function decodeLabel(input: string): string | null {
  const output: number[] = [];
  const basicEnd = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(basicEnd, 0); j += 1) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basicEnd > 0 ? basicEnd + 1 : 0; index < input.length; ) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index));
      index += 1;
      if (digit >= BASE) return null;
      i += digit * w;
      if (i > 0x7fffffff) return null;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    const points = output.length + 1;
    bias = adapt(i - oldI, points, oldI === 0);
    n += Math.floor(i / points);
    i %= points;
    if (n > 0x10ffff) return null;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

/**
 * A host name with each `xn--` label shown in Unicode. The host is returned
 * as it is when any label does not decode, or when the Unicode form would not
 * encode back to it (a name shown must be the name used).
 */
export function toUnicodeHost(host: string): string {
  const labels = host.split('.').map((label) => (label.toLowerCase().startsWith('xn--') ? decodeLabel(label.slice(4)) : label));
  if (labels.some((label) => label === null)) return host;
  const unicode = labels.join('.');
  return normaliseHost(unicode)?.hostname === host.toLowerCase() ? unicode : host;
}

