/** The data folder's part of /readyz: a read-only or full volume is not ready, and the log says why once. */
import { describe, expect, it } from 'vitest';
import { dataFolderState, MIN_FREE_BYTES, watchDataFolder, type FolderProbe } from '../../server/ops/data-folder-check';
import type { Logger } from '../../server/ops/logger';

const errno = (code: string) => Object.assign(new Error(code), { code });
const probe = (over: Partial<FolderProbe>): FolderProbe => ({ writable: () => undefined, space: () => ({ bavail: 1e6, bsize: 4096 }), ...over });

describe('the data folder check', () => {
  it('passes a writable folder with room', () => {
    expect(dataFolderState('/data', probe({}))).toEqual({ ok: true });
  });
  it('fails a read-only volume and names it', () => {
    const state = dataFolderState('/data', probe({ writable: () => { throw errno('EROFS'); } }));
    expect(state).toMatchObject({ ok: false, reason: 'read-only' });
    expect(!state.ok && state.detail).toContain('/data is not writable (EROFS)');
  });
  it('fails a full volume and says how much is left', () => {
    const state = dataFolderState('/data', probe({ space: () => ({ bavail: 10, bsize: 4096 }) }));
    expect(state).toMatchObject({ ok: false, reason: 'full' });
    expect(MIN_FREE_BYTES).toBeGreaterThan(10 * 4096);
  });
  it('logs once when the state changes, not on every probe', () => {
    const lines: string[] = [];
    const log = { error: (_: unknown, msg: string) => lines.push(`error ${msg}`), info: (_: unknown, msg: string) => lines.push(`info ${msg}`) } as unknown as Logger;
    let full = true;
    const check = watchDataFolder('/data', log, probe({ space: () => ({ bavail: full ? 0 : 1e6, bsize: 4096 }) }));
    expect([check(), check(), check()]).toEqual([false, false, false]);
    full = false;
    expect(check()).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^error not ready: the data folder \/data has 0 MB free.*stored ones are kept/);
    expect(lines[1]).toMatch(/^info the data folder \/data takes writes again/);
  });
});
