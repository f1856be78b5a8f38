/**
 * Limits on the shape of a parsed JSON body, checked before anything walks it
 * recursively (validation, hashing): 20,000 nested arrays fit in a 64 KB body
 * and overflowed the stack of a recursive walk (a RangeError, answered 500).
 * No operation's body needs more than a few levels: tracking metadata is the
 * deepest, an object of values.
 */
export const JSON_MAX_DEPTH = 32;
/** Object keys in the whole body; 64 KB holds about 10,000 one-letter keys. */
export const JSON_MAX_KEYS = 2000;

/** Why `value` is out of bounds, or null when it is within them. Iterative: no recursion to overflow. */
export function jsonBoundsProblem(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let keys = 0;
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number };
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > JSON_MAX_DEPTH) return `nests deeper than ${JSON_MAX_DEPTH} levels`;
    const children = Array.isArray(item.value) ? (item.value as unknown[]) : Object.values(item.value);
    if (!Array.isArray(item.value)) {
      keys += children.length;
      if (keys > JSON_MAX_KEYS) return `has more than ${JSON_MAX_KEYS} keys`;
    }
    for (const child of children) stack.push({ value: child, depth });
  }
  return null;
}
