/**
 * Closing or reloading a page with typed edits that are not saved would lose
 * them: while `unsaved()` says so, the browser asks the user first (its own
 * words; a page may no longer choose them).
 */
export function guardUnsaved(unsaved: () => boolean, target: EventTarget = globalThis): () => void {
  const onBeforeUnload = (event: Event) => {
    if (unsaved()) event.preventDefault();
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}
