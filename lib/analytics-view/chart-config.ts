/**
 * A chart spec as a Chart.js configuration: the spec's kind (a horizontal
 * bar is a bar with `indexAxis: 'y'`), its axis names, its labels in words,
 * and colours from the page's theme. Pure: the page passes the words and the
 * colours, so this module needs neither the DOM nor the catalogue.
 * No Chart.js legend or tooltip: the legend is HTML under the canvas
 * (chart-legend.ts) and every value is in the chart's data table.
 */
import type { ChartConfiguration } from 'chart.js';
// Types only: brings the 'treemap' chart type into Chart.js's registry of types.
import type {} from 'chartjs-chart-treemap';
import type { CategorySpec, Label, TreemapSpec, Unit } from './types';

export interface ChartTheme {
  /** Series colours, used in turn. */
  readonly series: readonly string[];
  readonly text: string;
  readonly muted: string;
  readonly grid: string;
  /** Slice and tile borders: the page's background. */
  readonly background: string;
}

export interface ChartWords {
  label(label: Label): string;
  number(value: number, unit: Unit): string;
}

/** The i-th series (or slice) colour; the HTML legend (chart-legend.ts) uses the same. */
export const colorAt = (theme: ChartTheme, i: number): string => theme.series[i % theme.series.length] ?? theme.text;

function axisTitle(label: Label | null, words: ChartWords, theme: ChartTheme) {
  return label === null ? { display: false } : { display: true, text: words.label(label), color: theme.text };
}

function categoryConfig(spec: CategorySpec, theme: ChartTheme, words: ChartWords): ChartConfiguration {
  const labels = spec.labels.map((l) => words.label(l));
  const unitless = (value: number) => words.number(value, 'count');
  const clicks: Label = { key: 'analyticsClicks' };
  if (spec.kind === 'pie' || spec.kind === 'doughnut') {
    // A pie holds one series; a multi-series block never maps to a pie (lib/analytics-view/chart-kind.ts).
    const set = spec.datasets[0];
    return {
      type: spec.kind,
      data: {
        labels,
        datasets: [
          {
            label: words.label(set?.label ?? spec.axes.value ?? clicks),
            data: [...(set?.data ?? [])],
            backgroundColor: labels.map((_, i) => colorAt(theme, i)),
            borderColor: theme.background,
          },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
      },
    };
  }
  const horizontal = spec.kind === 'horizontalBar';
  const categoryAxis = {
    title: axisTitle(spec.axes.category, words, theme),
    ticks: { color: theme.muted, autoSkip: true },
    grid: { color: theme.grid },
  };
  const valueAxis = {
    beginAtZero: true,
    title: axisTitle(spec.axes.value, words, theme),
    ticks: { color: theme.muted, precision: 0, callback: (value: string | number) => unitless(Number(value)) },
    grid: { color: theme.grid },
  };
  return {
    type: horizontal ? 'bar' : spec.kind,
    data: {
      labels,
      datasets: spec.datasets.map((set, i) => ({
        label: words.label(set.label ?? spec.axes.value ?? clicks),
        data: [...set.data],
        backgroundColor: colorAt(theme, i),
        borderColor: colorAt(theme, i),
        pointRadius: 2,
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: horizontal ? 'y' : 'x',
      scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
    },
  };
}

function treemapConfig(spec: TreemapSpec, theme: ChartTheme, words: ChartWords): ChartConfiguration<'treemap'> {
  const tree = spec.tiles.map((tile) => ({ name: words.label(tile.group), size: tile.size }));
  return {
    type: 'treemap',
    data: {
      datasets: [
        {
          tree,
          key: 'size',
          data: [],
          backgroundColor: (ctx) => colorAt(theme, ctx.dataIndex),
          borderColor: theme.background,
          borderWidth: 1,
          spacing: 1,
          labels: {
            display: true,
            color: theme.background,
            formatter: (ctx) => {
              const item = tree[ctx.dataIndex];
              return item === undefined ? '' : [item.name, words.number(item.size, 'count')];
            },
          },
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
    },
  };
}

export function chartConfig(
  spec: CategorySpec | TreemapSpec,
  theme: ChartTheme,
  words: ChartWords,
): ChartConfiguration | ChartConfiguration<'treemap'> {
  return spec.kind === 'treemap' ? treemapConfig(spec, theme, words) : categoryConfig(spec, theme, words);
}
