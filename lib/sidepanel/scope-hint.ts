/**
 * The scope (service address and workspace, never the token) the side panel
 * last opened with, kept in localStorage, which answers synchronously: the
 * panel's first script (./early-start.ts) starts reading the link's cached
 * figures and header under it at once, beside the read of the stored scope
 * rather than after it. What it reads is used only when the stored scope
 * turns out to be that one, so a profile switched meanwhile costs the second
 * read it always took, and never shows another workspace's figures.
 */
import { PANEL_SCOPE_HINT_KEY, type LinkScope } from '../storage/keys';

export function readScopeHint(): LinkScope | null {
  try {
    const hint: unknown = JSON.parse(localStorage.getItem(PANEL_SCOPE_HINT_KEY) ?? 'null');
    const { baseUrl, workspaceId } = (hint ?? {}) as Record<string, unknown>;
    return typeof baseUrl === 'string' && typeof workspaceId === 'string' ? { baseUrl, workspaceId } : null;
  } catch {
    // No localStorage, or a value that is not ours: no guess.
    return null;
  }
}

/** Keeps `scope` for the next opening (none: the hint goes). */
export function keepScopeHint(scope: LinkScope | null): void {
  try {
    if (scope === null) localStorage.removeItem(PANEL_SCOPE_HINT_KEY);
    else localStorage.setItem(PANEL_SCOPE_HINT_KEY, JSON.stringify({ baseUrl: scope.baseUrl, workspaceId: scope.workspaceId }));
  } catch {
    // A hint only: without it the next opening reads one after the other.
  }
}

export const sameScope = (a: LinkScope | null, b: LinkScope | null): boolean =>
  a !== null && b !== null && a.baseUrl === b.baseUrl && a.workspaceId === b.workspaceId;
