/**
 * A page's first script: a small classic script in the page's head
 * (entrypoints/*-start.ts), which the browser runs as soon as it has it,
 * while the page's modules are still loading. It starts the page's first
 * reads and leaves them here for the modules to take.
 */
type Slots = Record<string, unknown>;

export function leaveForPage(name: string, value: unknown, scope: object = globalThis): void {
  (scope as Slots)[name] = value;
}

/** What the first script left under `name`; undefined when it did not run. */
export function takeFromFirstScript<T>(name: string, scope: object = globalThis): T | undefined {
  return (scope as Slots)[name] as T | undefined;
}
