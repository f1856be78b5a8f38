/**
 * Whether the SQLite data folder can take writes: writable, with room left.
 * A read-only or full volume still answers reads, so /readyz would pass while
 * every new link and click failed; this check makes it fail, and says why in
 * the log once each time the state changes (a container's health check then
 * reports the container unhealthy, and nothing stored is touched).
 */
import { accessSync, constants, statfsSync } from 'node:fs';
import type { Logger } from './logger';

/** Below this much free space the database can no longer grow safely (a checkpoint, a batch of clicks). */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

export type DataFolderState = { ok: true } | { ok: false; reason: 'read-only' | 'full' | 'missing'; detail: string };

/** The file-system calls the check makes; injectable, so a read-only or full volume can be tested without one. */
export interface FolderProbe {
  writable(dir: string): void;
  space(dir: string): { bavail: number; bsize: number };
}

const REAL: FolderProbe = { writable: (dir) => accessSync(dir, constants.W_OK), space: (dir) => statfsSync(dir) };

/** Reads the folder's state now. */
export function dataFolderState(dir: string, probe: FolderProbe = REAL): DataFolderState {
  try {
    probe.writable(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, reason: 'missing', detail: `the data folder ${dir} does not exist` };
    return { ok: false, reason: 'read-only', detail: `the data folder ${dir} is not writable (${code ?? 'error'})` };
  }
  const { bavail, bsize } = probe.space(dir);
  const free = bavail * bsize;
  if (free < MIN_FREE_BYTES) {
    return { ok: false, reason: 'full', detail: `the data folder ${dir} has ${Math.round(free / 1024 / 1024)} MB free, under ${MIN_FREE_BYTES / 1024 / 1024} MB` };
  }
  return { ok: true };
}

/** A check that logs only when the state changes, so a probe every few seconds does not flood the log. */
export function watchDataFolder(dir: string, log: Logger | undefined, probe?: FolderProbe): () => boolean {
  let last: string | null = 'ok';
  return () => {
    const state = dataFolderState(dir, probe);
    const key = state.ok ? 'ok' : state.reason;
    if (key !== last) {
      if (state.ok) log?.info({ event: 'data_folder_ok', dir }, `the data folder ${dir} takes writes again`);
      else log?.error({ event: 'data_folder_unusable', reason: state.reason, dir }, `not ready: ${state.detail}; new links and clicks cannot be stored (stored ones are kept)`);
      last = key;
    }
    return state.ok;
  };
}
