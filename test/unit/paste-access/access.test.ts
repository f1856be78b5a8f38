/** The clipboard permission's page: what it shows before and after the user's answer, and that Allow asks within the click. */
import { describe, expect, it, vi } from 'vitest';
import { createAccess, type AccessState } from '../../../lib/paste-access/access';

function setup(granted: boolean, answer: boolean | Error = true) {
  const states: AccessState[] = [];
  let has = granted;
  const deps = {
    contains: vi.fn(async () => has),
    request: vi.fn(() => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer).then((yes) => ((has = yes), yes)))),
    remove: vi.fn(async () => ((has = false), true)),
    onChange: (state: AccessState) => states.push(state),
  };
  return { access: createAccess(deps), deps, states };
}

describe('the clipboard permission page', () => {
  it('asks when not allowed; Allow asks the browser at once, then says to paste again', async () => {
    const { access, deps, states } = setup(false);
    await access.start();
    expect(states.at(-1)).toEqual({ kind: 'ask', refused: false });
    const allowing = access.allow();
    // Within the click: before any wait.
    expect(deps.request).toHaveBeenCalledTimes(1);
    await allowing;
    expect(states.slice(-2)).toEqual([{ kind: 'asking' }, { kind: 'allowed', justNow: true }]);
  });

  it('a refusal asks again, saying why it matters; a failed question says so', async () => {
    const refused = setup(false, false);
    await refused.access.allow();
    expect(refused.states.at(-1)).toEqual({ kind: 'ask', refused: true });
    const failed = setup(false, new Error('This function must be called during a user gesture'));
    await failed.access.allow();
    expect(failed.states.at(-1)).toEqual({ kind: 'failed' });
  });

  it('already allowed: says so, and Stop allowing gives the permission back', async () => {
    const { access, deps, states } = setup(true);
    await access.start();
    expect(states.at(-1)).toEqual({ kind: 'allowed', justNow: false });
    await access.stop();
    expect(deps.remove).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toEqual({ kind: 'ask', refused: false });
  });
});
