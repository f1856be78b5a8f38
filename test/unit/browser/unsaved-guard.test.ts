import { describe, expect, it } from 'vitest';
import { guardUnsaved } from '../../../lib/browser/unsaved-guard';

const leave = (target: EventTarget) => {
  const event = new Event('beforeunload', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('guardUnsaved', () => {
  it('the browser asks before leaving only while edits are unsaved, and not once stopped', () => {
    const page = new EventTarget();
    let unsaved = false;
    const stop = guardUnsaved(() => unsaved, page);
    expect(leave(page)).toBe(false);
    unsaved = true;
    expect(leave(page)).toBe(true);
    stop();
    expect(leave(page)).toBe(false);
  });
});
