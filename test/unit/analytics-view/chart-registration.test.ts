import { describe, expect, it } from 'vitest';
import { Chart, drawnWithFirstParts } from '../../../lib/analytics-view/chart-registration';

describe('Chart.js registration in two steps', () => {
  it('before the first chart: every Chart.js part the panel draws, no plugin, and not the treemap', () => {
    for (const id of ['bar', 'line', 'pie', 'doughnut']) expect(Chart.registry.getController(id)).toBeDefined();
    for (const id of ['category', 'linear']) expect(Chart.registry.getScale(id)).toBeDefined();
    // Legends are HTML (chart-legend.ts); a tooltip's values are in the data table.
    for (const id of ['legend', 'tooltip', 'title']) expect(() => Chart.registry.getPlugin(id)).toThrow(/not a registered plugin/);
    expect(() => Chart.registry.getController('treemap')).toThrow(/not a registered controller/);
  });

  it('only the treemap waits for the later parts', () => {
    for (const kind of ['bar', 'horizontalBar', 'line', 'pie', 'doughnut'] as const) expect(drawnWithFirstParts(kind)).toBe(true);
    expect(drawnWithFirstParts('treemap')).toBe(false);
  });

  it('the later parts register the treemap controller and element', async () => {
    await import('../../../lib/analytics-view/chart-later-parts');
    expect(Chart.registry.getController('treemap')).toBeDefined();
    expect(Chart.registry.getElement('treemap')).toBeDefined();
  });
});
