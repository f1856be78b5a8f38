/** The one message the background sends its offscreen document. Kept apart from the page protocol: only the background may send it. */
export const OFFSCREEN_TARGET = 'offscreen-clipboard';

export interface OffscreenCopyMessage {
  target: typeof OFFSCREEN_TARGET;
  text: string;
}

export function isOffscreenCopyMessage(message: unknown): message is OffscreenCopyMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { target?: unknown }).target === OFFSCREEN_TARGET &&
    typeof (message as { text?: unknown }).text === 'string'
  );
}
