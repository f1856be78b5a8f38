import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsVerifier, createTrustedVerifier, lookupNameservers } from '../../server/domains/dns-verifier';

/**
 * The real verifier, asking real DNS queries of a small authoritative server
 * on loopback (UDP) that holds the zone below. Unknown names get NXDOMAIN.
 */
type Rr = { type: 'A'; value: string } | { type: 'CNAME' | 'NS'; value: string } | { type: 'TXT'; value: string[] };
const ZONE: Record<string, Rr[]> = {
  'sho.example': [{ type: 'A', value: '203.0.113.9' }],
  'go.cname.test': [{ type: 'CNAME', value: 'SHO.example' }],
  'go.wrong-cname.test': [{ type: 'CNAME', value: 'elsewhere.example' }],
  'go.a-record.test': [{ type: 'A', value: '203.0.113.9' }],
  'apex.test': [{ type: 'A', value: '198.51.100.1' }, { type: 'A', value: '203.0.113.9' }],
  'other-apex.test': [{ type: 'A', value: '198.51.100.1' }],
  '_shortlink-verify.apex.test': [{ type: 'TXT', value: ['token-', 'abc'] }],
  '_shortlink-verify.other-apex.test': [{ type: 'TXT', value: ['token-xyz'] }],
  'ns.test': [{ type: 'NS', value: 'NS2.host.example' }, { type: 'NS', value: 'ns1.host.example' }],
};
const TYPES: Record<number, Rr['type']> = { 1: 'A', 5: 'CNAME', 2: 'NS', 16: 'TXT' };
const CODES: Record<Rr['type'], number> = { A: 1, CNAME: 5, NS: 2, TXT: 16 };

function encodeName(name: string): Buffer {
  return Buffer.concat([...name.split('.').map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])), Buffer.from([0])]);
}

function rdata(rr: Rr): Buffer {
  if (rr.type === 'A') return Buffer.from(rr.value.split('.').map(Number));
  if (rr.type === 'TXT') return Buffer.concat(rr.value.map((s) => Buffer.concat([Buffer.from([s.length]), Buffer.from(s)])));
  return encodeName(rr.value);
}

function answer(query: Buffer): Buffer {
  let offset = 12;
  const labels: string[] = [];
  while (query[offset] !== 0) {
    const length = query[offset] ?? 0;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString());
    offset += length + 1;
  }
  const qtype = query.readUInt16BE(offset + 1);
  const question = query.subarray(12, offset + 5);
  const name = labels.join('.').toLowerCase();
  const records = ZONE[name];
  const matching = (records ?? []).filter((rr) => rr.type === TYPES[qtype] || rr.type === 'CNAME');
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(records ? 0x8580 : 0x8583, 2); // response, authoritative; NXDOMAIN when the name is unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(matching.length, 6);
  const answers = matching.map((rr) => {
    const data = rdata(rr);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // pointer to the question's name
    fixed.writeUInt16BE(CODES[rr.type], 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, question, ...answers]);
}

let server: Socket;
let silent: Socket;
let servers: string[];
let silentServers: string[];

beforeAll(async () => {
  server = createSocket('udp4');
  server.on('message', (msg, from) => server.send(answer(msg), from.port, from.address));
  silent = createSocket('udp4'); // never answers
  await Promise.all([server, silent].map((s) => new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve))));
  servers = [`127.0.0.1:${(server.address() as AddressInfo).port}`];
  silentServers = [`127.0.0.1:${(silent.address() as AddressInfo).port}`];
});
afterAll(() => {
  server.close();
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

  it('pingVerified needs the TXT record to hold the token (chunks joined)', async () => {
    expect((await verifier().verify({ domain: 'apex.test', isSubDomain: false, verifyToken: 'token-abc' })).pingVerified).toBe(true);
    expect((await verifier().verify({ domain: 'other-apex.test', isSubDomain: false, verifyToken: 'token-abc' })).pingVerified).toBe(false);
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
