/**
 * The messages the background sends its offscreen document (Chrome): a copy,
 * and a read of the clipboard for "Paste as short link". Kept apart from the
 * page protocol: only the background may send them.
 */
export const OFFSCREEN_TARGET = 'offscreen-clipboard';
export const OFFSCREEN_READ_TARGET = 'offscreen-clipboard-read';

export interface OffscreenCopyMessage {
  target: typeof OFFSCREEN_TARGET;
  text: string;
}

/** Answered with the clipboard's text cut to `limit` + 1 characters, or null when it could not be read. */
export interface OffscreenReadMessage {
  target: typeof OFFSCREEN_READ_TARGET;
  limit: number;
}

export function isOffscreenCopyMessage(message: unknown): message is OffscreenCopyMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { target?: unknown }).target === OFFSCREEN_TARGET &&
    typeof (message as { text?: unknown }).text === 'string'
  );
}

export function isOffscreenReadMessage(message: unknown): message is OffscreenReadMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { target, limit } = message as { target?: unknown; limit?: unknown };
  return target === OFFSCREEN_READ_TARGET && typeof limit === 'number' && Number.isInteger(limit) && limit > 0;
}
