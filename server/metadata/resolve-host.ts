import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-policy';

export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookup: HostLookup = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

export class BlockedAddressError extends Error {
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, a non-public address`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * Every address `hostname` (a URL's hostname: IPv6 in brackets) resolves to,
 * refusing the host if ANY of them is not public: a name with one public and
 * one private address could otherwise be used to reach the private one.
 */
export async function resolvePublicHost(hostname: string, lookup: HostLookup): Promise<LookupAddress[]> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const family = isIP(bare);
  const addresses = family !== 0 ? [{ address: bare, family }] : await lookup(bare);
  if (addresses.length === 0) throw new Error(`${hostname} has no address`);
  for (const { address } of addresses) {
    if (!isPublicAddress(address)) throw new BlockedAddressError(hostname, address);
  }
  return addresses;
}
