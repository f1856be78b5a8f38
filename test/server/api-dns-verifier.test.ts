import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsVerifier, createTrustedVerifier, lookupNameservers } from '../../server/domains/dns-verifier';
import { startDnsServer, type DnsFixture, type Zone } from './dns-fixture';

/**
 * The real verifier, asking real DNS queries of a small authoritative server
 * on loopback (UDP) that holds the zone below. Unknown names get NXDOMAIN.
 */
const ZONE: Zone = {
  'sho.example': [{ type: 'A', value: '203.0.113.9' }],
  'go.cname.test': [{ type: 'CNAME', value: 'SHO.example' }],
  'go.wrong-cname.test': [{ type: 'CNAME', value: 'elsewhere.example' }],
  'go.a-record.test': [{ type: 'A', value: '203.0.113.9' }],
  'apex.test': [{ type: 'A', value: '198.51.100.1' }, { type: 'A', value: '203.0.113.9' }],
  'other-apex.test': [{ type: 'A', value: '198.51.100.1' }],
  '_shortlink-challenge.apex.test': [{ type: 'TXT', value: ['token-', 'abc'] }],
  '_shortlink-challenge.other-apex.test': [{ type: 'TXT', value: ['token-xyz'] }],
  // The record name before the ownership proof: no longer counts.
  '_shortlink-verify.go.a-record.test': [{ type: 'TXT', value: ['token-abc'] }],
  'ns.test': [{ type: 'NS', value: 'NS2.host.example' }, { type: 'NS', value: 'ns1.host.example' }],
};

let dns: DnsFixture;
let silent: DnsFixture;
let servers: string[];
let silentServers: string[];

beforeAll(async () => {
  dns = await startDnsServer(ZONE);
  silent = await startDnsServer({}, true);
  servers = dns.servers;
  silentServers = silent.servers;
});
afterAll(() => {
  dns.close();
  silent.close();
});

describe('createDnsVerifier (real DNS queries)', () => {
  const verifier = () => createDnsVerifier({ serviceHost: 'sho.example', servers, timeoutMs: 1000 });

  it.each([
    ['a subdomain whose CNAME names the service host (any case, trailing dot)', 'go.cname.test', true, true],
    ['a subdomain whose CNAME names another host', 'go.wrong-cname.test', true, false],
    ['a subdomain with an A record to the service', 'go.a-record.test', true, true],
    ['an apex with one of its A records on the service', 'apex.test', false, true],
    ['an apex whose A records are elsewhere', 'other-apex.test', false, false],
    ['an unknown name', 'nothing.test', false, false],
  ])('%s -> dnsConfigured %s', async (_label, domain, isSubDomain, dnsConfigured) => {
    const flags = await verifier().verify({ domain, isSubDomain, verifyToken: 'token-abc' });
    expect(flags.dnsConfigured).toBe(dnsConfigured);
    expect(flags.sslConfigured).toBe(false);
  });

  it('pingVerified needs the _shortlink-challenge TXT record to hold the value asked for (chunks joined)', async () => {
    expect((await verifier().verify({ domain: 'apex.test', isSubDomain: false, verifyToken: 'token-abc' })).pingVerified).toBe(true);
    expect((await verifier().verify({ domain: 'other-apex.test', isSubDomain: false, verifyToken: 'token-abc' })).pingVerified).toBe(false);
    expect((await verifier().verify({ domain: 'go.a-record.test', isSubDomain: true, verifyToken: 'token-abc' })).pingVerified).toBe(false);
  });

  it('a service addressed by IPv4 is matched by A records', async () => {
    const byIp = createDnsVerifier({ serviceHost: '198.51.100.1', servers, timeoutMs: 1000 });
    expect((await byIp.verify({ domain: 'other-apex.test', isSubDomain: false, verifyToken: 'x' })).dnsConfigured).toBe(true);
  });

  it('a DNS server that does not answer counts as not configured, within the time limit', async () => {
    const slow = createDnsVerifier({ serviceHost: 'sho.example', servers: silentServers, timeoutMs: 300 });
    const started = Date.now();
    expect(await slow.verify({ domain: 'apex.test', isSubDomain: false, verifyToken: 'x' })).toEqual({
      dnsConfigured: false,
      pingVerified: false,
      sslConfigured: false,
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('nameservers are looked up, normalised and sorted; none -> []', async () => {
    expect(await lookupNameservers('ns.test', 1000, servers)).toEqual(['ns1.host.example', 'ns2.host.example']);
    expect(await lookupNameservers('nothing.test', 1000, servers)).toEqual([]);
  });

  it('the trusted verifier reports everything set up', async () => {
    expect(await createTrustedVerifier().verify({ domain: 'x.test', isSubDomain: true, verifyToken: 'x' })).toEqual({
      dnsConfigured: true,
      pingVerified: true,
      sslConfigured: true,
    });
  });
});
