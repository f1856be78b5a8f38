/**
 * The page that asks for the clipboard permission "Paste as short link"
 * needs (paste-access.html, opened by the background when it is missing):
 * its state, without Preact or the browser. It says why before the browser
 * asks; Allow asks within the click (Firefox grants a permission only in
 * answer to the user's input, so the request is made before any wait), and
 * the page then says to paste again. Stop allowing gives the permission back.
 */

export type AccessState =
  | { kind: 'checking' }
  /** Not allowed; `refused`: the user just said no to the browser's question. */
  | { kind: 'ask'; refused: boolean }
  | { kind: 'asking' }
  /** Allowed; `justNow`: by the user's Allow on this page, so the page says to paste again. */
  | { kind: 'allowed'; justNow: boolean }
  /** The browser refused the question itself (not asked from a click). */
  | { kind: 'failed' };

export interface AccessDeps {
  contains(): Promise<boolean>;
  request(): Promise<boolean>;
  remove(): Promise<boolean>;
  onChange(state: AccessState): void;
}

export interface Access {
  start(): Promise<void>;
  /** Call from the click itself. */
  allow(): Promise<void>;
  stop(): Promise<void>;
}

export function createAccess(deps: AccessDeps): Access {
  const set = (state: AccessState) => deps.onChange(state);
  return {
    async start() {
      set({ kind: 'checking' });
      set((await deps.contains().catch(() => false)) ? { kind: 'allowed', justNow: false } : { kind: 'ask', refused: false });
    },
    async allow() {
      // Asked first, before any await: the click's user gesture must still be running.
      const asked = deps.request();
      set({ kind: 'asking' });
      try {
        set((await asked) ? { kind: 'allowed', justNow: true } : { kind: 'ask', refused: true });
      } catch {
        set({ kind: 'failed' });
      }
    },
    async stop() {
      await deps.remove().catch(() => false);
      set((await deps.contains().catch(() => false)) ? { kind: 'allowed', justNow: false } : { kind: 'ask', refused: false });
    },
  };
}
