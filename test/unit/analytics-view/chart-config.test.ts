import { describe, expect, it } from 'vitest';
import { chartConfig, type ChartTheme, type ChartWords } from '../../../lib/analytics-view/chart-config';
import type { CategorySpec } from '../../../lib/analytics-view/types';

const theme: ChartTheme = { series: ['#111', '#222'], text: '#fff', muted: '#999', grid: '#333', background: '#000' };
const words: ChartWords = { label: (l) => ('text' in l ? l.text : `<${l.key}>`), number: (n) => `n${n}` };

const category = (over: Partial<CategorySpec>): CategorySpec => ({
  kind: 'bar',
  title: { text: 'T' },
  hint: 'bar',
  hintHonoured: true,
  clamped: false,
  labels: [{ text: 'a' }, { text: '<b>x</b>' }],
  datasets: [{ label: null, data: [1, 2] }],
  axes: { category: { text: 'Hour' }, value: { key: 'analyticsClicks' } },
  table: { head: [], rows: [] },
  ...over,
});

type Scale = { title: { text?: string; display: boolean }; ticks: { maxRotation?: number; autoSkip?: boolean; callback?: (v: number) => string } };

describe('chartConfig (the charts over time)', () => {
  it('bars: the category axis names itself, flat labels thinned out rather than tilted', () => {
    const config = chartConfig(category({}), 'bar', theme, words);
    expect(config.type).toBe('bar');
    const scales = (config.options as { scales: Record<string, Scale> }).scales;
    expect(scales.x?.title).toMatchObject({ display: true, text: 'Hour' });
    expect(scales.x?.ticks).toMatchObject({ maxRotation: 0, autoSkip: true });
    // The value axis needs no title: the card's heading says clicks.
    expect(scales.y?.title.display).toBe(false);
    expect(scales.y?.ticks.callback?.(1200)).toBe('n1200');
  });

  it('labels go in as words (text for Chart.js to draw, never markup) in the series colour', () => {
    const config = chartConfig(category({}), 'line', theme, words);
    expect(config.type).toBe('line');
    expect(config.data.labels).toEqual(['a', '<b>x</b>']);
    expect(config.data.datasets[0]).toMatchObject({ label: '<analyticsClicks>', data: [1, 2], borderColor: '#111' });
  });

  it('no axis title when the spec has none', () => {
    const config = chartConfig(category({ axes: { category: null, value: null } }), 'bar', theme, words);
    expect((config.options as { scales: Record<string, Scale> }).scales.x?.title.display).toBe(false);
  });
});
