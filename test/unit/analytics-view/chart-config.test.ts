import { describe, expect, it } from 'vitest';
import { chartConfig, type ChartTheme, type ChartWords } from '../../../lib/analytics-view/chart-config';
import { legendEntries } from '../../../lib/analytics-view/chart-legend';
import type { CategorySpec, TreemapSpec } from '../../../lib/analytics-view/types';

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

describe('chartConfig', () => {
  it('a bar honours its axis names: category on x, value on y; one series has no legend', () => {
    const config = chartConfig(category({}), theme, words);
    expect(config.type).toBe('bar');
    const options = config.options as { indexAxis: string; scales: Record<string, { title: { text?: string; display: boolean } }> };
    expect(options.indexAxis).toBe('x');
    expect(options.scales.x?.title).toMatchObject({ display: true, text: 'Hour' });
    expect(options.scales.y?.title).toMatchObject({ display: true, text: '<analyticsClicks>' });
    expect(legendEntries(category({}), theme, words)).toEqual([]);
    // Service names stay plain strings: Chart.js draws them as canvas text.
    expect(config.data.labels).toEqual(['a', '<b>x</b>']);
  });

  it('a horizontal bar is a bar on the y index axis, its value axis on x', () => {
    const config = chartConfig(category({ kind: 'horizontalBar', axes: { category: null, value: { text: 'Clicks' } } }), theme, words);
    const options = config.options as { indexAxis: string; scales: Record<string, { title: { text?: string; display: boolean } }> };
    expect(config.type).toBe('bar');
    expect(options.indexAxis).toBe('y');
    expect(options.scales.x?.title).toMatchObject({ text: 'Clicks' });
    expect(options.scales.y?.title).toEqual({ display: false });
  });

  it('several series: one colour each and a legend named by the datasets', () => {
    const config = chartConfig(
      category({ kind: 'line', datasets: [{ label: { text: 'iOS' }, data: [1, 0] }, { label: { text: 'Linux' }, data: [0, 1] }] }),
      theme,
      words,
    );
    expect(config.type).toBe('line');
    expect(config.data.datasets.map((d) => [d.label, d.borderColor])).toEqual([['iOS', '#111'], ['Linux', '#222']]);
    const spec = category({ kind: 'line', datasets: [{ label: { text: 'iOS' }, data: [1, 0] }, { label: { text: 'Linux' }, data: [0, 1] }] });
    expect(legendEntries(spec, theme, words)).toEqual([{ text: 'iOS', color: '#111' }, { text: 'Linux', color: '#222' }]);
  });

  it('a pie colours each slice in turn', () => {
    const config = chartConfig(category({ kind: 'pie', labels: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], datasets: [{ label: null, data: [1, 2, 3] }] }), theme, words);
    expect(config.type).toBe('pie');
    expect(config.data.datasets[0]?.backgroundColor).toEqual(['#111', '#222', '#111']);
    // Its legend names every slice in the slice's colour.
    const spec = category({ kind: 'pie', labels: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], datasets: [{ label: null, data: [1, 2, 3] }] });
    expect(legendEntries(spec, theme, words)).toEqual([{ text: 'a', color: '#111' }, { text: 'b', color: '#222' }, { text: 'c', color: '#111' }]);
  });

  it('a treemap sizes tiles by their member count', () => {
    const spec: TreemapSpec = {
      kind: 'treemap',
      title: { text: 'Tree' },
      hint: 'treemap',
      hintHonoured: true,
      clamped: false,
      tiles: [{ group: { text: 'Zone' }, members: [{ text: 'A' }], size: 3 }],
      table: { head: [], rows: [] },
    };
    const config = chartConfig(spec, theme, words);
    expect(config.type).toBe('treemap');
    expect((config.data.datasets[0] as { tree: unknown }).tree).toEqual([{ name: 'Zone', size: 3 }]);
  });
});
