import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AnalyticsSchema } from '../../../lib/contract/schemas/analytics';
import { MAX_LABEL_CHARS } from '../../../lib/analytics-view/label-text';
import { readAnalytics } from '../../../lib/analytics-view/read-analytics';
import { BLOCKS } from '../../../lib/analytics-view/registry';
import type { BlockView, Label } from '../../../lib/analytics-view/types';
import { analyticsArb, junkArb } from '../fixtures/analytics-arbitrary';

type Tree = Record<string, unknown>;

/** Every path to a value inside `root`, arrays included, for picking what to corrupt. */
function paths(root: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (root !== null && typeof root === 'object') {
    for (const [key, child] of Object.entries(root)) {
      out.push([...prefix, key]);
      paths(child, [...prefix, key], out);
    }
  }
  return out;
}

function setAt(root: unknown, path: readonly string[], value: unknown, remove: boolean): void {
  let here = root as Tree;
  for (const key of path.slice(0, -1)) here = here[key] as Tree;
  const last = path[path.length - 1] as string;
  if (remove) delete here[last];
  else here[last] = value;
}

const startsWith = (path: readonly string[], prefix: readonly string[]) => prefix.every((key, i) => path[i] === key);

function labelOk(label: Label | null): boolean {
  if (label === null) return true;
  if (label.key !== undefined && !label.key.startsWith('analytics')) return false;
  return !('text' in label) || Array.from(label.text).length <= MAX_LABEL_CHARS;
}

/** The shape a page relies on: numbers drawable, labels short, table as wide as its head. */
function expectWellFormed(view: BlockView): void {
  if (view.status === 'none') {
    expect(['missing', 'malformed', 'empty']).toContain(view.reason);
    return;
  }
  const { spec } = view;
  expect(labelOk(spec.title)).toBe(true);
  for (const row of spec.table.rows) {
    expect(row.values).toHaveLength(spec.table.head.length);
    expect(labelOk(row.label)).toBe(true);
    for (const value of row.values) expect(Number.isSafeInteger(value)).toBe(true);
  }
  if (spec.kind === 'figures' || spec.kind === 'treemap') return;
  expect(spec.labels.length).toBeGreaterThan(0);
  expect(spec.labels.length).toBeLessThanOrEqual(61);
  expect(spec.datasets.length).toBeLessThanOrEqual(7);
  for (const set of spec.datasets) {
    expect(set.data).toHaveLength(spec.labels.length);
    for (const value of set.data) expect(value >= 0 && Number.isSafeInteger(value)).toBe(true);
  }
}

/**
 * Shrinking an analytics object with 12,000-element arrays in it takes
 * minutes; the first counterexample, seed and path are enough to replay it.
 */
const RUN = { endOnFailure: true } as const;

const corruptionArb = fc.record({
  how: fc.constantFrom('drop', 'junk', 'markup-data'),
  at: fc.nat(),
  junk: junkArb,
});

describe('readAnalytics on generated analytics', () => {
  it('the generator makes objects of the wire schema', () => {
    fc.assert(fc.property(analyticsArb, (a) => v.safeParse(AnalyticsSchema, a).success), { ...RUN, numRuns: 50 });
  });

  it('a valid object gives every block a chart or "empty", never missing or malformed', () => {
    fc.assert(
      fc.property(analyticsArb, (a) => {
        for (const { view } of readAnalytics(a)) {
          expectWellFormed(view);
          if (view.status === 'none') expect(view.reason).toBe('empty');
        }
      }),
      { ...RUN, numRuns: 100 },
    );
  });

  it('corrupting one place never throws, and leaves every block outside it as it was', () => {
    fc.assert(
      fc.property(analyticsArb, fc.array(corruptionArb, { minLength: 1, maxLength: 3 }), (clean, corruptions) => {
        const before = readAnalytics(clean);
        const broken = structuredClone(clean);
        const hit: string[][] = [];
        for (const { how, at, junk } of corruptions) {
          const all = paths(broken);
          if (all.length === 0) break;
          const path = all[at % all.length] as string[];
          hit.push(path);
          setAt(broken, path, how === 'markup-data' ? '<script>alert(1)</script>' : junk, how === 'drop');
        }
        const after = readAnalytics(broken);
        expect(after.map((r) => r.id)).toEqual(BLOCKS.map((b) => b.id));
        after.forEach(({ view }, i) => {
          expectWellFormed(view);
          const block = BLOCKS[i];
          if (block === undefined) throw new Error('more results than blocks');
          // A block is touched when a corruption lies inside it or on the way to it.
          const touched = hit.some((path) => startsWith(path, block.path) || startsWith(block.path, path));
          if (!touched) expect(view).toEqual(before[i]?.view);
        });
      }),
      { ...RUN, numRuns: 150 },
    );
  });

  it('a dropped block is "missing" and a block whose data is markup text is "malformed"; the rest still draw', () => {
    fc.assert(
      fc.property(analyticsArb, fc.nat(BLOCKS.length - 1), fc.boolean(), (clean, index, drop) => {
        const block = BLOCKS[index];
        if (block === undefined) throw new Error('no block');
        const broken = structuredClone(clean);
        if (drop) setAt(broken, block.path, undefined, true);
        else setAt(broken, [...block.path, 'data'], '<script>alert(1)</script>', false);
        const before = readAnalytics(clean);
        readAnalytics(broken).forEach(({ id, view }, i) => {
          if (id === block.id) expect(view).toEqual({ status: 'none', reason: drop ? 'missing' : 'malformed' });
          else expect(view).toEqual(before[i]?.view);
        });
      }),
      { ...RUN, numRuns: 100 },
    );
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', '<b>analytics</b>'],
    ['an array', [1, 2, 3]],
    ['an empty object', {}],
  ])('a whole answer that is %s gives every block an empty-state code', (_, data) => {
    const views = readAnalytics(data);
    expect(views).toHaveLength(BLOCKS.length);
    for (const { view } of views) expect(view.status).toBe('none');
  });

  it('a throwing getter marks its block malformed and spares the others', () => {
    const data = fc.sample(analyticsArb, { numRuns: 1, seed: 7 })[0] as unknown as Record<string, Record<string, unknown>>;
    const details = data.linkDetailsData as Record<string, unknown>;
    Object.defineProperty(details, 'topCities', {
      enumerable: true,
      get() {
        throw new Error('hostile');
      },
    });
    const views = new Map(readAnalytics(data).map((r) => [r.id, r.view]));
    expect(views.get('topCities')).toEqual({ status: 'none', reason: 'malformed' });
    expect(views.get('scoreCard')?.status).toBe('chart');
  });
});
