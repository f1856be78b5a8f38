/** A stored link as a page's view: the workspace stays in the background. Types only from ./link-shape.ts: pages load no valibot. */
import type { CachedLink } from './link-shape';

export function toLinkView<T extends CachedLink>(link: T): Omit<T, 'workspaceId'> {
  const { workspaceId: _workspace, ...view } = link;
  return view;
}
