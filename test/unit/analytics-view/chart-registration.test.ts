import { describe, expect, it } from 'vitest';
import { Chart } from '../../../lib/analytics-view/chart-registration';

describe('Chart.js parts', () => {
  it('bars and lines on category and linear scales; no plugin, no pie or treemap', () => {
    for (const id of ['bar', 'line']) expect(Chart.registry.getController(id)).toBeDefined();
    for (const id of ['category', 'linear']) expect(Chart.registry.getScale(id)).toBeDefined();
    // Ranked lists are HTML; a tooltip's values are in the data table.
    for (const id of ['legend', 'tooltip', 'title']) expect(() => Chart.registry.getPlugin(id)).toThrow(/not a registered plugin/);
    for (const id of ['pie', 'doughnut']) expect(() => Chart.registry.getController(id)).toThrow(/not a registered controller/);
  });
});
