/**
 * Small readers for the analytics blocks: each takes an unknown value and
 * returns it typed, or INVALID. They replace a schema library in the side
 * panel's first load (the blocks are read before the first chart is drawn)
 * and behave as the schemas they replace did: an object's declared keys are
 * read (others dropped), a record keeps its own keys except `__proto__`,
 * `prototype` and `constructor`, and `number` refuses NaN while `anyNumber`
 * takes every number (test/unit/analytics-view-*.test.ts hold the behaviour).
 */
export const INVALID: unique symbol = Symbol('invalid');

export type Guard<T> = (input: unknown) => T | typeof INVALID;
export type GuardOutput<G> = G extends Guard<infer T> ? T : never;

type Shape = Record<string, Guard<unknown>>;
type ShapeOutput<S extends Shape> = { [K in keyof S]: GuardOutput<S[K]> };

const isObject = (input: unknown): input is Record<string, unknown> => typeof input === 'object' && input !== null;

export const string: Guard<string> = (input) => (typeof input === 'string' ? input : INVALID);

/** A number that is not NaN. */
export const number: Guard<number> = (input) => (typeof input === 'number' && !Number.isNaN(input) ? input : INVALID);

/** Any number, NaN and Infinity included: JSON cannot carry them, a corrupted object can. */
export const anyNumber: Guard<number> = (input) => (typeof input === 'number' ? input : INVALID);

export function union<A, B>(first: Guard<A>, second: Guard<B>): Guard<A | B> {
  return (input) => {
    const a = first(input);
    return a === INVALID ? second(input) : a;
  };
}

export function array<T>(item: Guard<T>): Guard<T[]> {
  return (input) => {
    if (!Array.isArray(input)) return INVALID;
    const out: T[] = [];
    for (const value of input as unknown[]) {
      const read = item(value);
      if (read === INVALID) return INVALID;
      out.push(read);
    }
    return out;
  };
}

export function object<S extends Shape>(shape: S): Guard<ShapeOutput<S>> {
  return (input) => {
    if (!isObject(input)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const read = (shape[key] as Guard<unknown>)(input[key]);
      if (read === INVALID) return INVALID;
      if (read !== undefined) out[key] = read;
    }
    return out as ShapeOutput<S>;
  };
}

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** An object of string keys to values of one kind. */
export function record<T>(value: Guard<T>): Guard<Record<string, T>> {
  return (input) => {
    if (!isObject(input)) return INVALID;
    const out: Record<string, T> = {};
    for (const key of Object.keys(input)) {
      if (UNSAFE_KEYS.has(key)) continue;
      const read = value(input[key]);
      if (read === INVALID) return INVALID;
      out[key] = read;
    }
    return out;
  };
}

/** The guard's value, or `otherwise` when it does not match (missing included). */
export function fallback<T, F>(guard: Guard<T>, otherwise: F): Guard<T | F> {
  return (input) => {
    const read = guard(input);
    return read === INVALID ? otherwise : read;
  };
}

/** A string, or undefined when missing or of another type. */
export const optionalText: Guard<string | undefined> = fallback(string, undefined);
