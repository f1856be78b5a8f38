import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * `length` characters of base62 from the OS's CSPRNG. Bytes of 248 and above
 * are skipped (rejection sampling) so every character is equally likely: a
 * plain `byte % 62` would favour the first eight.
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Ids of links and domains: 16 base62 characters (95 bits), unguessable across workspaces. */
export function newId(): string {
  return randomBase62(16);
}
