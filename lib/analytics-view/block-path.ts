import type { EmptyReason } from './types';

export type Located = { readonly found: true; readonly value: unknown } | { readonly found: false; readonly reason: EmptyReason };

/**
 * The value at `path` inside an untrusted object. Own properties only, so a
 * key like `__proto__` or `constructor` never reaches Object.prototype. An
 * absent (or null) step is "missing"; a step through something that is not
 * an object is "malformed".
 */
export function locate(root: unknown, path: readonly string[]): Located {
  let here = root;
  for (const key of path) {
    if (here === undefined || here === null) return { found: false, reason: 'missing' };
    if (typeof here !== 'object' || Array.isArray(here)) return { found: false, reason: 'malformed' };
    if (!Object.hasOwn(here, key)) return { found: false, reason: 'missing' };
    here = (here as Record<string, unknown>)[key];
  }
  return here === undefined || here === null ? { found: false, reason: 'missing' } : { found: true, value: here };
}
