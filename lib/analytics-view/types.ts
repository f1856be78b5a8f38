import type { AnalyticsMessageKey } from './message-keys';

/**
 * Text a page shows: either the service's own string (always rendered as
 * text, never as markup) or a catalogue key the page translates.
 */
/**
 * Text from the service, or a catalogue message. A service text may come with
 * the catalogue message that says the same (a block's title): the service
 * speaks English (docs/interface.md), so a page in another language shows the message.
 */
export type Label = { readonly text: string; readonly key?: AnalyticsMessageKey } | { readonly key: AnalyticsMessageKey };

/**
 * Why a block has no chart; the page words each code from its catalogue.
 * `uncounted`: the block counts none of the clicks the link has (every click
 * has an hour, a browser, a device and a platform, if only "Unknown"), so
 * its figures are broken, not empty.
 */
export type EmptyReason = 'missing' | 'malformed' | 'empty' | 'uncounted';

export type CategoryKind = 'bar' | 'horizontalBar' | 'line' | 'pie' | 'doughnut';
export type ChartKind = CategoryKind | 'treemap' | 'figures';

export type Unit = 'count' | 'percent';

/**
 * The text alternative of a chart: a table whose first column is `label`,
 * then one column per entry of `head`. `members` lists the names a treemap
 * tile stands for, with `moreMembers` of them left out.
 */
export interface TextRow {
  readonly label: Label;
  readonly values: readonly number[];
  readonly unit: Unit;
  readonly members?: readonly Label[];
  readonly moreMembers?: number;
}
export interface TextTable {
  readonly head: readonly Label[];
  readonly rows: readonly TextRow[];
}

interface SpecBase {
  readonly title: Label;
  /** The service's `chart` hint as sent, and whether the drawn kind follows it. */
  readonly hint: string | null;
  readonly hintHonoured: boolean;
  /** Some count was out of range (negative, non-finite, beyond 2^53 - 1) and was clamped. */
  readonly clamped: boolean;
  readonly table: TextTable;
}

export interface Dataset {
  /** null for a chart with one series: the y axis names it. */
  readonly label: Label | null;
  readonly data: readonly number[];
}

export interface CategorySpec extends SpecBase {
  readonly kind: CategoryKind;
  readonly labels: readonly Label[];
  readonly datasets: readonly Dataset[];
  /** Axis titles: `category` from `display.xAxisTitle`, `value` from `display.yAxis` (x and y swap on a horizontal bar). */
  readonly axes: { readonly category: Label | null; readonly value: Label | null };
}

export interface TreemapTile {
  readonly group: Label;
  readonly members: readonly Label[];
  /** How many members the service sent; `members` may hold fewer. */
  readonly size: number;
}
export interface TreemapSpec extends SpecBase {
  readonly kind: 'treemap';
  readonly tiles: readonly TreemapTile[];
}

export interface Figure {
  readonly key: AnalyticsMessageKey;
  readonly value: number;
  readonly unit: Unit;
}
export interface FiguresSpec extends SpecBase {
  readonly kind: 'figures';
  readonly figures: readonly Figure[];
}

export type ChartSpec = CategorySpec | TreemapSpec | FiguresSpec;

export type BlockView =
  | { readonly status: 'chart'; readonly spec: ChartSpec }
  | { readonly status: 'none'; readonly reason: EmptyReason };
