import { BlockList, isIP } from 'node:net';
import { SPECIAL_BLOCKS } from './special-addresses';

/**
 * Addresses the metadata fetcher must never connect to (unless the service
 * runs with allowPrivateFetch): a link's destination is chosen by whoever
 * creates the link, and without this check the fetcher would read the
 * service's own network for them (SSRF). The blocks are listed once, in
 * special-addresses.ts.
 */
// One list per family: Node's BlockList also matches IPv4 addresses against IPv6 rules (as mapped), and ::/3 covers ::ffff:0:0/96.
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
/** IPv6 blocks that carry an IPv4 address: judged by it (a mapped 127.0.0.1 is loopback). */
const EMBEDDING: { network: bigint; length: number; ipv4At: number }[] = [];

for (const block of SPECIAL_BLOCKS) {
  const [network = '', length = ''] = block.prefix.split('/');
  if (isIP(network) === 4) BLOCKED_V4.addSubnet(network, Number(length), 'ipv4');
  else if (block.ipv4At === undefined) BLOCKED_V6.addSubnet(network, Number(length), 'ipv6');
  else EMBEDDING.push({ network: ipv6Value(network), length: Number(length), ipv4At: block.ipv4At });
}

/** An IPv6 address (zone allowed, dotted IPv4 tail allowed) as a 128-bit number. */
function ipv6Value(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, '');
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0), ...right];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group & 0xffff), 0n);
}

function ipv4Text(value: number): string {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
}

/** The IPv4 address an IPv6 address carries and routes to, if it is in a block that carries one. */
function embeddedIpv4(address: string): string | null {
  const value = ipv6Value(address);
  for (const { network, length, ipv4At } of EMBEDDING) {
    const shift = BigInt(128 - length);
    if (value >> shift === network >> shift) return ipv4Text(Number((value >> BigInt(128 - ipv4At - 32)) & 0xffffffffn));
  }
  return null;
}

/** True when `address` (an IP literal, no brackets) may be fetched from; anything unparsable is refused. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !BLOCKED_V4.check(address, 'ipv4');
  if (version === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return !BLOCKED_V4.check(v4, 'ipv4');
    return !BLOCKED_V6.check(address.replace(/%.*$/, ''), 'ipv6');
  }
  return false;
}
