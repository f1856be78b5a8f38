import type { ChartKind } from './types';

/**
 * The service's `chart` hints (server/analytics/blocks/: scorecard, bar,
 * line, pie, doughnut, geo, treemap) and common spellings of them, as the
 * kinds this model draws. `geo` is absent on purpose: no map is bundled, so
 * a geo block falls back to its ranked bar. `heatmap` is absent too: the
 * hour-of-day block holds one row of 24 counts, not days by hours.
 */
const HINT_KINDS: ReadonlyMap<string, ChartKind> = new Map([
  ['bar', 'bar'],
  ['column', 'bar'],
  ['horizontalbar', 'horizontalBar'],
  ['line', 'line'],
  ['area', 'line'],
  ['pie', 'pie'],
  ['doughnut', 'doughnut'],
  ['donut', 'doughnut'],
  ['treemap', 'treemap'],
  ['scorecard', 'figures'],
]);

export interface KindRule<K extends ChartKind> {
  /** Kinds that suit the block's data. */
  readonly accepts: readonly K[];
  /** Drawn when the hint is missing, unknown or unsuited. */
  readonly fallback: K;
  /** Ranked lists with long names read better as horizontal bars. */
  readonly barsHorizontal?: boolean;
}

export function chooseKind<K extends ChartKind>(hint: string | undefined, rule: KindRule<K>): { kind: K; honoured: boolean } {
  let wanted = hint === undefined ? undefined : HINT_KINDS.get(hint.trim().toLowerCase());
  if (wanted === 'bar' && rule.barsHorizontal) wanted = 'horizontalBar';
  const accepted = rule.accepts.find((kind) => kind === wanted);
  return accepted === undefined ? { kind: rule.fallback, honoured: false } : { kind: accepted, honoured: true };
}
