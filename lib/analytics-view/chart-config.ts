/**
 * A chart spec as a Chart.js configuration. The side panel draws on canvas
 * only what runs over time (the trend, the hours of the day): bars or a
 * line, one series, its axis names and labels in words, colours from the
 * page's theme. Ranked lists are HTML bar lists (components/sidepanel/
 * bar-list.tsx), whose names are text. Pure: the page passes the words and
 * the colours, so this module needs neither the DOM nor the catalogue.
 * No Chart.js legend or tooltip: one series needs no legend, and every value
 * is in the chart's data table.
 */
import type { ChartConfiguration } from 'chart.js';
import type { CategorySpec, Label, Unit } from './types';

export interface ChartTheme {
  /** Series colours, used in turn. */
  readonly series: readonly string[];
  readonly text: string;
  readonly muted: string;
  readonly grid: string;
  readonly background: string;
}

export interface ChartWords {
  label(label: Label): string;
  number(value: number, unit: Unit): string;
}

/** What the canvas draws: counts over time, as bars or a line. */
export type TimeKind = 'bar' | 'line';

/** The i-th series colour. */
export const colorAt = (theme: ChartTheme, i: number): string => theme.series[i % theme.series.length] ?? theme.text;

function axisTitle(label: Label | null, words: ChartWords, theme: ChartTheme) {
  return label === null ? { display: false } : { display: true, text: words.label(label), color: theme.text };
}

export function chartConfig(spec: CategorySpec, kind: TimeKind, theme: ChartTheme, words: ChartWords): ChartConfiguration {
  const clicks: Label = { key: 'analyticsClicks' };
  const color = colorAt(theme, 0);
  return {
    type: kind,
    data: {
      labels: spec.labels.map((l) => words.label(l)),
      datasets: spec.datasets.map((set, i) => ({
        label: words.label(set.label ?? spec.axes.value ?? clicks),
        data: [...set.data],
        backgroundColor: colorAt(theme, i),
        borderColor: i === 0 ? color : colorAt(theme, i),
        borderRadius: kind === 'bar' ? 3 : 0,
        maxBarThickness: 28,
        pointRadius: 2,
        borderWidth: kind === 'line' ? 2 : 0,
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        // Flat labels, thinned out when they do not fit, never tilted.
        x: {
          title: axisTitle(spec.axes.category, words, theme),
          ticks: { color: theme.muted, autoSkip: true, autoSkipPadding: 8, maxRotation: 0 },
          grid: { display: false },
        },
        y: {
          beginAtZero: true,
          title: { display: false },
          ticks: { color: theme.muted, precision: 0, maxTicksLimit: 5, callback: (value: string | number) => words.number(Number(value), 'count') },
          grid: { color: theme.grid },
          border: { display: false },
        },
      },
    },
  };
}
