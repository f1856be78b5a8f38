/**
 * What the panel's header can truly say about the link shown. The service
 * out of reach is never "not found": the header then names the link from
 * what the device knows (the link cache, the recent list), or by its id,
 * and the status line says, once, that the service can't be reached. "Link
 * not found" only when the service answered that the link does not exist.
 */
import type { LinkView, PanelModel } from './panel-model';
import { panelStatus } from './panel-status';

/** The service's code for a link id that names no link of the workspace (server/links/find-link.ts). */
const LINK_NOT_FOUND = 'LINK_NOT_FOUND';

export type HeaderView =
  | { readonly kind: 'looking' }
  | { readonly kind: 'link'; readonly link: LinkView }
  /**
   * Named by its id only. `why`: nothing to add (the status line says the
   * service is out of reach); the workspace's list could not be read; or the
   * link is not among the `searched` newest links the list holds.
   */
  | { readonly kind: 'id'; readonly linkId: string; readonly why: 'none' | 'list-failed' | 'not-listed'; readonly searched: number }
  | { readonly kind: 'not-found'; readonly linkId: string };

type HeaderModel = Pick<PanelModel, 'link' | 'lookup' | 'error' | 'offline' | 'host' | 'picker'>;

/** Whether the service answered that this link does not exist. */
export function serviceSaysNotFound(model: Pick<PanelModel, 'error'>): boolean {
  return model.error?.kind === 'service' && model.error.code === LINK_NOT_FOUND;
}

export function headerView(linkId: string, model: HeaderModel): HeaderView {
  if (serviceSaysNotFound(model)) return { kind: 'not-found', linkId };
  if (model.link !== null) return { kind: 'link', link: model.link };
  const status = panelStatus(model).kind;
  const outOfReach = status === 'unreachable' || status === 'offline';
  if (model.lookup === 'looking' && !outOfReach) return { kind: 'looking' };
  const why = outOfReach || model.lookup === 'looking' ? 'none' : model.lookup === 'failed' ? 'list-failed' : 'not-listed';
  return { kind: 'id', linkId, why, searched: model.picker.links.length };
}
