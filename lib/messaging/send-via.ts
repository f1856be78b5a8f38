/**
 * How a page asks the background: one envelope out, one reply back. Apart
 * from lib/messaging/send-message.ts so the popup's first script
 * (entrypoints/popup-start.ts) can ask through the browser's own API object,
 * without the polyfill the pages' bundle brings.
 */
import type { AnswerOf, MessageName, RequestOf } from './message-map';

/** What travels to the background. */
interface Envelope<N extends MessageName = MessageName> {
  type: N;
  data: RequestOf<N>;
}

/** What travels back: a handler's answer, or why there is none. */
export type Reply<N extends MessageName = MessageName> =
  | { ok: true; value: AnswerOf<N> }
  | { ok: false; error: string };

/** Thrown in a page when the background could not answer (bug or rejected message). */
class MessageError extends Error {
  override name = 'MessageError';
}

export type Send = <N extends MessageName>(type: N, data: RequestOf<N>) => Promise<AnswerOf<N>>;

/** What sends a message: `browser.runtime`, or the browser's own object before the polyfill is loaded. */
export interface MessageRuntime {
  sendMessage(message: unknown): Promise<unknown>;
}

export function sendVia(runtime: MessageRuntime): Send {
  return async (type, data) => {
    const envelope: Envelope<typeof type> = { type, data };
    const reply = (await runtime.sendMessage(envelope)) as Reply<typeof type> | undefined;
    if (reply === undefined) throw new MessageError(`No answer to ${type}`);
    if (!reply.ok) throw new MessageError(reply.error);
    return reply.value;
  };
}
