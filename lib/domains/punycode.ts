/**
 * Punycode to Unicode, so the options page shows `bücher.example` for the
 * `xn--bcher-kva.example` the service stores. The WHATWG URL parser only
 * encodes; the punycode package decodes.
 */
// 'punycode/' names the npm package (bundled as ESM by Vite): a bare 'punycode' is Node's deprecated built-in.
import { decode } from 'punycode/';
import { normaliseHost } from '../contract/host';

/** One label's punycode (without `xn--`) decoded; null when it is not valid punycode. */
export function decodeLabel(input: string): string | null {
  try {
    return decode(input);
  } catch {
    // The package throws a RangeError for input that is not punycode (or decodes beyond Unicode).
    return null;
  }
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
