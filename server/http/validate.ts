import type { Context } from 'hono';
import * as v from 'valibot';
import type { ErrorCode } from '../../lib/contract/error-codes';
import { describeIssues } from '../../lib/contract/schemas';
import { canonicalJson, requestFingerprint } from './canonical-json';
import { ApiError } from './errors';
import { jsonBoundsProblem } from './json-bounds';

/**
 * Rule breaks on these fields have their own code, so a client can point at
 * the field. A wrong type (a number where a string goes) stays VALIDATION_FAILED.
 */
const FIELD_CODES: Readonly<Record<string, ErrorCode>> = {
  keyword: 'INVALID_KEYWORD',
  longUrl: 'INVALID_URL',
  tag: 'INVALID_TAG',
  tags: 'INVALID_TAG',
  domain: 'INVALID_DOMAIN',
};

export interface ParsedBody<TOutput> {
  body: TOutput;
  /** The validated body as JSON with sorted keys, top-level nulls left out: the idempotency fingerprint (canonical-json.ts). */
  fingerprint: string;
  /** The body as earlier versions fingerprinted it (top-level nulls kept), for answers stored before. */
  legacyFingerprint: string;
}

/**
 * Reads and validates a JSON body. The body-size limit is enforced by the
 * app's body-limit middleware before this runs (also for chunked bodies).
 */
export async function readJson<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<ParsedBody<v.InferOutput<TSchema>>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  }
  const text = await c.req.text();
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    throw new ApiError('INVALID_JSON', 'The request body is not valid JSON');
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ApiError('VALIDATION_FAILED', 'The request body must be a JSON object');
  }
  // Before validating or hashing: both walk the value recursively.
  const problem = jsonBoundsProblem(input);
  if (problem !== null) throw new ApiError('VALIDATION_FAILED', `The request body ${problem}`);
  const result = v.safeParse(schema, input);
  if (!result.success) throw issueError(result.issues, 'body', input as Record<string, unknown>);
  return { body: result.output, fingerprint: requestFingerprint(result.output), legacyFingerprint: canonicalJson(result.output) };
}

/** Validates the query string (every value a string, as sent); the first value wins for repeated names. */
export function readQuery<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, c.req.query());
  if (!result.success) throw issueError(result.issues, 'query', {});
  return result.output;
}

/**
 * Validates the path's parameters: ids in a path meet the rules they meet in a
 * body or query, before any database is asked (PostgreSQL refuses a NUL in
 * text outright, where SQLite would look it up and find nothing).
 */
export function readParams<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, c.req.param());
  if (!result.success) throw new ApiError('VALIDATION_FAILED', describeIssues(result.issues).message);
  return result.output;
}

function issueError(
  issues: readonly v.BaseIssue<unknown>[],
  where: 'body' | 'query',
  input: Record<string, unknown>,
): ApiError {
  const { field, message } = describeIssues(issues);
  if (where === 'query') return new ApiError('INVALID_QUERY', message);
  const top = field.split('.')[0] ?? '';
  // Only a value that is there and of the right type but breaks a rule gets the field's own code.
  const present = Object.hasOwn(input, top) && input[top] !== undefined;
  const specific = present && issues[0]?.kind === 'validation' ? FIELD_CODES[top] : undefined;
  return new ApiError(specific ?? 'VALIDATION_FAILED', message);
}
