import { randomBytes } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * JSON lines (pino) on stdout, or on `destination` (tests). Nothing logs
 * headers or bodies; the redaction below is a second line of defence should
 * a future log call pass a request's headers or a token field anyway.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'shortlink' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['headers.authorization', 'headers.cookie', 'headers["idempotency-key"]', 'authorization', 'token', '*.token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Request ids: this process's random prefix and a counter (unique, cheap, and nothing a client chose). */
export function createRequestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  return () => `${prefix}-${(next += 1).toString(36)}`;
}
