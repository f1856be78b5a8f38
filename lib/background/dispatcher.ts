/**
 * Routes page messages to one handler per message name. Accepts messages
 * only from this extension's own pages and only in known shapes (the
 * request schemas of lib/messaging/protocol/), and answers only in known shapes (its
 * answer schemas); a handler's failure becomes an error reply the page can
 * show, never an unhandled rejection in the worker.
 *
 * Kept instead of @webext-core/messaging: there each handler receives the
 * sender and the raw data and would have to check both itself; here both are
 * checked once, before any handler runs (see lib/messaging/send-message.ts).
 */
import * as v from 'valibot';
import type { AnswerOf, MessageName, Reply, RequestOf } from '../messaging/send-message';
import { PROTOCOL } from '../messaging/protocol';

export type Handlers = {
  [N in MessageName]: (data: RequestOf<N>) => Promise<AnswerOf<N>>;
};

export interface SenderInfo {
  id?: string;
  url?: string;
}

export interface DispatcherOptions {
  extensionId: string;
  /** `chrome-extension://<id>/` (Chrome) or `moz-extension://<uuid>/` (Firefox). */
  extensionOrigin: string;
  onError?: (type: MessageName, error: unknown) => void;
}

function isKnownName(name: unknown): name is MessageName {
  return typeof name === 'string' && Object.hasOwn(PROTOCOL, name);
}

/**
 * Returns a `runtime.onMessage` listener. It answers with a Promise for the
 * messages it owns and returns `undefined` for everything else, so another
 * listener (the offscreen document) may answer those.
 */
export function createMessageListener(handlers: Handlers, options: DispatcherOptions) {
  return (message: unknown, sender: SenderInfo): Promise<Reply> | undefined => {
    // Pages of other extensions and web pages (there are no content scripts)
    // can never drive the background.
    if (sender.id !== options.extensionId) return undefined;
    if (sender.url !== undefined && !sender.url.startsWith(options.extensionOrigin)) return undefined;
    if (typeof message !== 'object' || message === null || !('type' in message)) return undefined;
    const { type } = message as { type: unknown };
    if (!isKnownName(type)) return undefined;
    return dispatch(type, (message as { data?: unknown }).data);
  };

  async function dispatch<N extends MessageName>(type: N, data: unknown): Promise<Reply> {
    const parsed = v.safeParse(PROTOCOL[type].request, data);
    if (!parsed.success) return { ok: false, error: `Malformed ${type} message` };
    try {
      const handler = handlers[type] as (d: RequestOf<N>) => Promise<AnswerOf<N>>;
      const value = await handler(parsed.output as RequestOf<N>);
      // A handler's answer crosses to a page too: a bug that widens it (a
      // token, a whole record) is stopped here rather than shown.
      const answer = v.safeParse(PROTOCOL[type].answer, value);
      if (!answer.success) {
        options.onError?.(type, new Error(`Malformed ${type} answer`));
        return { ok: false, error: `Malformed ${type} answer` };
      }
      return { ok: true, value: answer.output } as Reply;
    } catch (error) {
      options.onError?.(type, error);
      // Only the error's class name and message: handlers never put the token
      // in an error, and stacks would leak nothing useful to a page.
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
