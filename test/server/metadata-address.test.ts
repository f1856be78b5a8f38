import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../server/metadata/address-policy';
import { BlockedAddressError, resolvePublicHost, systemLookup } from '../../server/metadata/resolve-host';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.1',
    '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '198.18.0.1',
    '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456:789a::1', 'ff02::1', 'fec0::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::ffff:c0a8:101', '64:ff9b::7f00:1', '2002:7f00:1::',
    '::127.0.0.1', 'not an address', '',
  ])('%j is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%j is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('resolvePublicHost', () => {
  it('refuses a name that resolves to loopback (real DNS: localhost)', async () => {
    await expect(resolvePublicHost('localhost', systemLookup)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('refuses IP literals in URL form, IPv6 in brackets', async () => {
    await expect(resolvePublicHost('[::1]', systemLookup)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolvePublicHost(new URL('http://[::ffff:127.0.0.1]/').hostname, systemLookup)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolvePublicHost(new URL('http://2130706433/').hostname, systemLookup)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('refuses a name if any one of its addresses is private', async () => {
    const lookup = () => Promise.resolve([{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }]);
    await expect(resolvePublicHost('mixed.example', lookup)).rejects.toThrow(/10\.0\.0\.5/);
  });

  it('returns every address of a public name', async () => {
    const addresses = [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }];
    await expect(resolvePublicHost('example.com', () => Promise.resolve(addresses))).resolves.toEqual(addresses);
  });
});
