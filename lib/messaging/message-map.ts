/**
 * Message name -> request and answer, inferred from the protocol's schemas
 * (lib/messaging/protocol/). Types only: pages import them without valibot.
 */
import type * as v from 'valibot';
import type { PROTOCOL } from './protocol';

type Protocol = typeof PROTOCOL;

/** Message name -> request and answer. */
type ProtocolMap = {
  [N in keyof Protocol]: {
    request: v.InferOutput<Protocol[N]['request']>;
    answer: v.InferOutput<Protocol[N]['answer']>;
  };
};

export type MessageName = keyof ProtocolMap;
export type RequestOf<N extends MessageName> = ProtocolMap[N]['request'];
export type AnswerOf<N extends MessageName> = ProtocolMap[N]['answer'];
