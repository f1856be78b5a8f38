import { describe, expect, it } from 'vitest';
import { Chart } from '../../../lib/analytics-view/chart-registration';

describe('Chart.js parts', () => {
  it('bars on category and linear scales; no line, no plugin, no pie or treemap', () => {
    expect(Chart.registry.getController('bar')).toBeDefined();
    for (const id of ['category', 'linear']) expect(Chart.registry.getScale(id)).toBeDefined();
    // Every chart over time is bars: a line's parts would be in the first load.
    for (const id of ['line', 'pie', 'doughnut']) expect(() => Chart.registry.getController(id)).toThrow(/not a registered controller/);
    // Ranked lists are HTML; a tooltip's values are in the data table.
    for (const id of ['legend', 'tooltip', 'title']) expect(() => Chart.registry.getPlugin(id)).toThrow(/not a registered plugin/);
  });
});
