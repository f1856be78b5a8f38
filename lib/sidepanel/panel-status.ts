/**
 * The one state line the panel shows about its connection (docs/design.md: honest
 * and single). Offline only when the browser says so; a service that does
 * not answer while the network is up is "can't reach <host>", by its real
 * host; any other failure is the error in words. The figures shown stay in
 * every case, with their age.
 */
import type { ErrorView } from '../messaging/send-message';
import type { PanelModel } from './panel-model';

/** The background's code when the service's host permission was not granted (lib/i18n/describe-error.ts). */
const NO_HOST_PERMISSION = 'NO_HOST_PERMISSION';

export type PanelStatus =
  | { readonly kind: 'ok' }
  | { readonly kind: 'offline' }
  | { readonly kind: 'unreachable'; readonly host: string | null }
  | { readonly kind: 'error'; readonly error: ErrorView };

/** No answer at all, or an answer from something in front of a service that is down (a bare 5xx). */
function unreachable(error: ErrorView): boolean {
  if (error.kind === 'network') return error.code !== NO_HOST_PERMISSION;
  if (error.kind === 'timeout') return true;
  return error.kind === 'service' && /^HTTP_5\d\d$/.test(error.code ?? '');
}

export function panelStatus(model: Pick<PanelModel, 'offline' | 'error' | 'host'>): PanelStatus {
  if (model.offline) return { kind: 'offline' };
  if (model.error === null) return { kind: 'ok' };
  if (unreachable(model.error)) return { kind: 'unreachable', host: model.host };
  return { kind: 'error', error: model.error };
}

/** The host of a service's base URL (`https://api.example.com/v1` -> `api.example.com`), or null. */
export function hostOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).host || null;
  } catch {
    return null;
  }
}
