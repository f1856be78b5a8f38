/**
 * Whether a destination's host is one the watch must never request: a
 * loopback, private, link-local or otherwise local address, written as an IP
 * literal or as a name that is local by definition (localhost, .local,
 * .internal…). Judged by the host as written: a background page cannot see
 * what a name resolves to, so a public name pointing inward is the one case
 * this cannot catch. Such links are reported "not checked", never fetched.
 */

const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet', '.corp', '.private'];

/** The four numbers of a dotted IPv4 literal, or null. URL() already turned 0x7f.1 and 2130706433 into dotted form. */
function ipv4Parts(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (m === null) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function isLocalIpv4([a, b]: number[]): boolean {
  if (a === undefined || b === undefined) return true;
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The 16-bit groups of an IPv6 literal as URL() writes it (compressed, lower case, no brackets), or null. */
function ipv6Groups(host: string): number[] | null {
  if (!host.includes(':')) return null;
  const [head = '', tail] = host.split('::');
  const split = (s: string) => (s === '' ? [] : s.split(':'));
  let groups = [...split(head)];
  let tailGroups = tail === undefined ? [] : split(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4): URL() writes it in hex, but be safe.
  const withV4 = (list: string[]) =>
    list.flatMap((g) => {
      const v4 = ipv4Parts(g);
      return v4 === null ? [g] : [((v4[0] ?? 0) * 256 + (v4[1] ?? 0)).toString(16), ((v4[2] ?? 0) * 256 + (v4[3] ?? 0)).toString(16)];
    });
  groups = withV4(groups);
  tailGroups = withV4(tailGroups);
  const missing = 8 - groups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const all = [...groups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  const numbers = all.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return numbers.some(Number.isNaN) ? null : numbers;
}

function isLocalIpv6(g: number[]): boolean {
  const [first = 0] = g;
  const zeroHead = g.slice(0, 5).every((x) => x === 0);
  if (zeroHead && g[5] === 0xffff) {
    // IPv4-mapped: judge the IPv4 address inside.
    return isLocalIpv4([(g[6] ?? 0) >> 8, (g[6] ?? 0) & 255]);
  }
  if (g.slice(0, 7).every((x) => x === 0) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // old site-local
    (first & 0xff00) === 0xff00 // multicast
  );
}

/** True for a host (as URL().hostname gives it) the watch must not request. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === '' || host === 'localhost' || !host.includes('.') && !host.includes(':')) return true; // a single label resolves only on the local network
  if (LOCAL_SUFFIXES.some((s) => host.endsWith(s))) return true;
  const v4 = ipv4Parts(host);
  if (v4 !== null) return isLocalIpv4(v4);
  const v6 = ipv6Groups(host);
  if (v6 !== null) return isLocalIpv6(v6);
  return false;
}
