import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A small authoritative DNS server on loopback (UDP) answering from `zone`,
 * which tests may change between queries (publish a TXT proof, remove it).
 * Unknown names get NXDOMAIN. A, CNAME, NS and TXT only.
 */
export type Rr = { type: 'A'; value: string } | { type: 'CNAME' | 'NS'; value: string } | { type: 'TXT'; value: string[] };
export type Zone = Record<string, Rr[]>;

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

function answer(zone: Zone, query: Buffer): Buffer {
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
  const records = zone[name];
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

export interface DnsFixture {
  /** ["127.0.0.1:PORT"], for the verifier's `servers`. */
  servers: string[];
  close(): void;
}

/** Serves `zone` (read at each query); `silent` makes a server that never answers. */
export async function startDnsServer(zone: Zone, silent = false): Promise<DnsFixture> {
  const socket: Socket = createSocket('udp4');
  if (!silent) socket.on('message', (msg, from) => socket.send(answer(zone, msg), from.port, from.address));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { servers: [`127.0.0.1:${(socket.address() as AddressInfo).port}`], close: () => socket.close() };
}
