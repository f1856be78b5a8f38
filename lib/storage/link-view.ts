/** A stored link (./link-shape.ts) as a page's view: the workspace stays in the background. No valibot here: pages import it. */
export function toLinkView<T extends { workspaceId: string }>(link: T): Omit<T, 'workspaceId'> {
  const { workspaceId: _workspace, ...view } = link;
  return view;
}
