import { describe, expect, it } from 'vitest';
import { drawFirstTogether } from '../../../lib/sidepanel/first-draw';
import type { PanelModel } from '../../../lib/sidepanel/panel-model';

/** A model that differs by `step`, with figures or not. */
const model = (step: number, figures = false) => ({ now: step, figures: figures ? { data: {}, fetchedAt: 0, cached: true } : null }) as unknown as PanelModel;

function setUp() {
  const drawn: number[] = [];
  const tasks: (() => void)[] = [];
  const onChange = drawFirstTogether(
    (m) => drawn.push(m.now),
    (run) => tasks.push(run),
  );
  const runTasks = () => tasks.splice(0).forEach((run) => run());
  return { drawn, onChange, runTasks };
}

describe("the panel's first drawing", () => {
  it('the changes before it are drawn together, the latest, in the next task', () => {
    const { drawn, onChange, runTasks } = setUp();
    onChange(model(1));
    onChange(model(2));
    onChange(model(3));
    expect(drawn).toEqual([]);
    runTasks();
    expect(drawn).toEqual([3]);
    // Drawn once: every change after it at once.
    onChange(model(4));
    onChange(model(5));
    expect(drawn).toEqual([3, 4, 5]);
  });

  it('figures are drawn at once, with every change before them, and nothing is drawn again after', () => {
    const { drawn, onChange, runTasks } = setUp();
    onChange(model(1));
    onChange(model(2, true));
    expect(drawn).toEqual([2]);
    runTasks();
    expect(drawn).toEqual([2]);
    onChange(model(3));
    expect(drawn).toEqual([2, 3]);
  });
});
