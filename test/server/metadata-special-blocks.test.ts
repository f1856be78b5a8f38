import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../server/metadata/address-policy';
import { SPECIAL_BLOCKS, type SpecialBlock } from '../../server/metadata/special-addresses';

/** CIDR arithmetic of its own (not the policy's), so the test checks the policy against the table. */
interface Range {
  v6: boolean;
  start: bigint;
  end: bigint;
}

function toNumber(address: string): bigint {
  if (isIP(address) === 4) return address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = address.includes('::') ? groups(tail) : [];
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function toText(value: bigint, v6: boolean): string {
  if (!v6) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  return Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');
}

function rangeOf(block: SpecialBlock): Range {
  const [network = '', length = ''] = block.prefix.split('/');
  const v6 = isIP(network) === 6;
  const bits = BigInt((v6 ? 128 : 32) - Number(length));
  const start = (toNumber(network) >> bits) << bits;
  return { v6, start, end: start + (1n << bits) - 1n };
}

const RANGES = SPECIAL_BLOCKS.map((block) => ({ block, range: rangeOf(block) }));
const within = (value: bigint, v6: boolean, r: Range) => r.v6 === v6 && value >= r.start && value <= r.end;

/** What the table says of an address outside `own`: refused, public, or judged by an embedded IPv4 (not asserted here). */
function expectedOutside(value: bigint, v6: boolean): 'refused' | 'public' | 'embedded' {
  const hits = RANGES.filter(({ range }) => within(value, v6, range));
  if (hits.some(({ block }) => block.ipv4At !== undefined)) return 'embedded';
  return hits.length > 0 ? 'refused' : 'public';
}

const embed = (range: Range, ipv4At: number, ipv4: string) => toText(range.start | (toNumber(ipv4) << BigInt(128 - ipv4At - 32)), true);

describe('every special-purpose block (one table: server/metadata/special-addresses.ts)', () => {
  it('lists each block once, with a name and an RFC', () => {
    expect(new Set(SPECIAL_BLOCKS.map((b) => b.prefix)).size).toBe(SPECIAL_BLOCKS.length);
    for (const block of SPECIAL_BLOCKS) {
      expect(block.name).not.toBe('');
      expect(block.rfc).toMatch(/^RFC \d+$/);
    }
  });

  it.each(RANGES.filter(({ block }) => block.ipv4At === undefined).map(({ block, range }) => [block.prefix, block.name, range] as const))(
    '%s (%s): first, middle and last addresses are refused',
    (_prefix, _name, range) => {
      for (const value of [range.start, (range.start + range.end) / 2n, range.end]) {
        expect(isPublicAddress(toText(value, range.v6)), toText(value, range.v6)).toBe(false);
      }
    },
  );

  it.each(RANGES.filter(({ block }) => block.ipv4At !== undefined).map(({ block, range }) => [block.prefix, block.name, range, block.ipv4At ?? 0] as const))(
    '%s (%s): judged by the IPv4 address it carries',
    (_prefix, _name, range, ipv4At) => {
      for (const privateV4 of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.168.0.1', '0.0.0.0', '255.255.255.255']) {
        expect(isPublicAddress(embed(range, ipv4At, privateV4)), embed(range, ipv4At, privateV4)).toBe(false);
      }
      for (const publicV4 of ['8.8.8.8', '93.184.216.34']) {
        expect(isPublicAddress(embed(range, ipv4At, publicV4)), embed(range, ipv4At, publicV4)).toBe(true);
      }
    },
  );

  it.each(RANGES.map(({ block, range }) => [block.prefix, block.name, range] as const))(
    '%s (%s): the nearest addresses just outside are allowed when public',
    (_prefix, _name, range) => {
      const max = range.v6 ? (1n << 128n) - 1n : (1n << 32n) - 1n;
      for (const value of [range.start - 1n, range.end + 1n]) {
        if (value < 0n || value > max) continue;
        const expected = expectedOutside(value, range.v6);
        if (expected === 'embedded') continue;
        expect(isPublicAddress(toText(value, range.v6)), toText(value, range.v6)).toBe(expected === 'public');
      }
    },
  );

  it.each([
    ['64:ff9b:1::1', false],
    ['64:ff9b:1:ffff::1', false],
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:127.0.0.1', false],
    ['::ffff:0:a00:1', false],
    ['::ffff:0:808:808', true],
    ['2002:c0a8:101::1', false],
    ['2002:808:808::1', true],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['2620:4f:8000::1', false],
    ['3fff::1', false],
    ['5f00::1', false],
    ['192.31.196.1', false],
    ['192.52.193.1', false],
    ['192.88.99.1', false],
    ['192.175.48.1', false],
    ['2606:4700:4700::1111', true],
    ['1.0.0.1', true],
  ] as const)('%s -> public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
