/**
 * Address blocks the metadata fetcher must not connect to: every entry of the
 * IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and its
 * updates; https://www.iana.org/assignments/iana-ipv4-special-registry and
 * iana-ipv6-special-registry), the multicast blocks, and IPv6 outside global
 * unicast. Blocks that carry an IPv4 address (mapped, translated, NAT64, 6to4)
 * are judged by that address instead. The one source of the policy in
 * address-policy.ts and of its table-driven test.
 */
export interface SpecialBlock {
  /** CIDR, e.g. `10.0.0.0/8` or `fc00::/7`. */
  prefix: string;
  name: string;
  rfc: string;
  /** Bit offset of an embedded IPv4 address: the address is judged by that IPv4 instead of refused. */
  ipv4At?: number;
}

export const SPECIAL_BLOCKS: readonly SpecialBlock[] = [
  // IPv4 Special-Purpose Address Registry
  { prefix: '0.0.0.0/8', name: 'This network (includes 0.0.0.0/32, this host)', rfc: 'RFC 791' },
  { prefix: '10.0.0.0/8', name: 'Private-Use', rfc: 'RFC 1918' },
  { prefix: '100.64.0.0/10', name: 'Shared Address Space (carrier-grade NAT)', rfc: 'RFC 6598' },
  { prefix: '127.0.0.0/8', name: 'Loopback', rfc: 'RFC 1122' },
  { prefix: '169.254.0.0/16', name: 'Link Local (and cloud metadata services)', rfc: 'RFC 3927' },
  { prefix: '172.16.0.0/12', name: 'Private-Use', rfc: 'RFC 1918' },
  { prefix: '192.0.0.0/24', name: 'IETF Protocol Assignments (DS-Lite, PCP and TURN anycast, NAT64 discovery)', rfc: 'RFC 6890' },
  { prefix: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737' },
  { prefix: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535' },
  { prefix: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450' },
  { prefix: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', rfc: 'RFC 7526' },
  { prefix: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918' },
  { prefix: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534' },
  { prefix: '198.18.0.0/15', name: 'Benchmarking', rfc: 'RFC 2544' },
  { prefix: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737' },
  { prefix: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737' },
  { prefix: '224.0.0.0/4', name: 'Multicast', rfc: 'RFC 5771' },
  { prefix: '240.0.0.0/4', name: 'Reserved', rfc: 'RFC 1112' },
  { prefix: '255.255.255.255/32', name: 'Limited Broadcast', rfc: 'RFC 919' },

  // IPv6 Special-Purpose Address Registry
  { prefix: '::/128', name: 'Unspecified Address', rfc: 'RFC 4291' },
  { prefix: '::1/128', name: 'Loopback Address', rfc: 'RFC 4291' },
  { prefix: '::/96', name: 'IPv4-compatible (deprecated)', rfc: 'RFC 4291' },
  { prefix: '::ffff:0:0/96', name: 'IPv4-mapped Address', rfc: 'RFC 4291', ipv4At: 96 },
  { prefix: '::ffff:0:0:0/96', name: 'IPv4-translated Address (SIIT)', rfc: 'RFC 2765', ipv4At: 96 },
  { prefix: '64:ff9b::/96', name: 'IPv4-IPv6 Translation (NAT64 well-known prefix)', rfc: 'RFC 6052', ipv4At: 96 },
  { prefix: '64:ff9b:1::/48', name: 'Local-use IPv4/IPv6 Translation', rfc: 'RFC 8215' },
  { prefix: '100::/64', name: 'Discard-Only Address Block', rfc: 'RFC 6666' },
  { prefix: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', rfc: 'RFC 9780' },
  { prefix: '2001::/23', name: 'IETF Protocol Assignments', rfc: 'RFC 2928' },
  { prefix: '2001::/32', name: 'TEREDO', rfc: 'RFC 4380' },
  { prefix: '2001:1::1/128', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723' },
  { prefix: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155' },
  { prefix: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', rfc: 'RFC 9665' },
  { prefix: '2001:2::/48', name: 'Benchmarking', rfc: 'RFC 5180' },
  { prefix: '2001:3::/32', name: 'AMT', rfc: 'RFC 7450' },
  { prefix: '2001:4:112::/48', name: 'AS112-v6', rfc: 'RFC 7535' },
  { prefix: '2001:10::/28', name: 'Deprecated (previously ORCHID)', rfc: 'RFC 4843' },
  { prefix: '2001:20::/28', name: 'ORCHIDv2', rfc: 'RFC 7343' },
  { prefix: '2001:30::/28', name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', rfc: 'RFC 9374' },
  { prefix: '2001:db8::/32', name: 'Documentation', rfc: 'RFC 3849' },
  { prefix: '2002::/16', name: '6to4', rfc: 'RFC 3056', ipv4At: 16 },
  { prefix: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534' },
  { prefix: '3fff::/20', name: 'Documentation', rfc: 'RFC 9637' },
  { prefix: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602' },
  { prefix: 'fc00::/7', name: 'Unique-Local', rfc: 'RFC 4193' },
  { prefix: 'fe80::/10', name: 'Link-Local Unicast', rfc: 'RFC 4291' },
  { prefix: 'fec0::/10', name: 'Site-Local (deprecated)', rfc: 'RFC 3879' },
  { prefix: 'ff00::/8', name: 'Multicast', rfc: 'RFC 4291' },

  // Outside 2000::/3 nothing is global unicast (IANA IPv6 Address Space registry): no public page lives there.
  { prefix: '::/3', name: 'Not global unicast', rfc: 'RFC 4291' },
  { prefix: '4000::/2', name: 'Not global unicast', rfc: 'RFC 4291' },
  { prefix: '8000::/1', name: 'Not global unicast', rfc: 'RFC 4291' },
];
