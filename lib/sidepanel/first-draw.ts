/**
 * How the panel's model reaches the page at its start: the controller's
 * first changes (the link shown, its header, the tab's permission, the
 * service's host) come one promise after another, and each drawn alone is
 * a render of the whole page before the one that matters. Until the page
 * has drawn once, they are drawn together, in the next task; a change that
 * brings figures is drawn at once, with them. After the first drawing every
 * change is drawn as it comes.
 */
import type { PanelModel } from './panel-model';

export function drawFirstTogether(draw: (model: PanelModel) => void, later: (run: () => void) => void): (model: PanelModel) => void {
  let drawn = false;
  let pending: PanelModel | null = null;
  return (model) => {
    if (drawn || model.figures !== null) {
      drawn = true;
      pending = null;
      draw(model);
      return;
    }
    const waiting = pending !== null;
    pending = model;
    if (waiting) return;
    later(() => {
      if (pending === null) return;
      drawn = true;
      const next = pending;
      pending = null;
      draw(next);
    });
  };
}
