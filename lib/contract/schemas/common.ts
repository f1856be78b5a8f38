import * as v from 'valibot';
import { CONTROL_CHARACTERS } from '../plain-text';

/** Identifiers sent by clients (workspace, link and domain ids). */
export const IdSchema = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(100, 'must be at most 100 characters'),
  v.regex(/^[A-Za-z0-9_.:-]+$/, 'may contain only letters, digits, ".", ":", "-" and "_"'),
);

/**
 * C0 controls and DEL (defined in ../plain-text.ts, which pages use without
 * valibot). Stored text is shown in lists, exports and logs, where a NUL cuts
 * strings short and escapes can rewrite a terminal line.
 */
export { CONTROL_CHARACTERS };
const NO_CONTROL_MESSAGE = 'must not contain control characters';

/** The rule every stored text follows (tracking fields; names people read have the stricter ../plain-text.ts): no control characters. */
export const noControlCharacters = () => v.check<string, string>((text) => !CONTROL_CHARACTERS.test(text), NO_CONTROL_MESSAGE);

/** Stored free text: trimmed, 1 to `max` characters, no control characters. */
export function plainText(max: number) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
    noControlCharacters(),
  );
}

export const ErrorEntrySchema = v.object({ code: v.string(), errorMessage: v.string() });

export const ErrorBodySchema = v.object({
  status: v.boolean(),
  errors: v.array(ErrorEntrySchema),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** The success envelope: `{status, data}` around an operation's payload. */
export function envelope<TData extends v.GenericSchema>(data: TData) {
  return v.object({ status: v.boolean(), data });
}

export const PageInfoSchema = v.object({
  cursor: v.pipe(v.number(), v.integer()),
  hasNext: v.boolean(),
  pageNumber: v.pipe(v.number(), v.integer()),
  pageSize: v.pipe(v.number(), v.integer()),
  totalCount: v.pipe(v.number(), v.integer()),
  totalPages: v.pipe(v.number(), v.integer()),
});
export type PageInfo = v.InferOutput<typeof PageInfoSchema>;

export function listData<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ pageInfo: PageInfoSchema, list: v.array(item) });
}

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/** int32, as docs/interface.md types the cursor. */
export const CURSOR_MAX = 2_147_483_647;

/** A query-string integer: digits only, then range-checked. */
function queryInt(min: number, max: number, fallback: number) {
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d{1,10}$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
}

/** Common list query (GET /link, GET /customDomain), parsed from query-string values. */
export function listQuery<const TOrderBy extends readonly [string, ...string[]]>(orderBy: TOrderBy) {
  return v.object({
    workspaceId: IdSchema,
    pageSize: queryInt(1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
    cursor: queryInt(0, CURSOR_MAX, 0),
    orderType: v.optional(v.picklist(['asc', 'desc'], 'must be "asc" or "desc"'), 'desc'),
    orderBy: v.optional(v.picklist(orderBy, `must be one of ${orderBy.join(', ')}`), 'createdDate'),
  });
}

/**
 * One readable sentence naming the first failing field, e.g.
 * `workspaceId is required` or `pageSize must be at most 100`.
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): { field: string; message: string } {
  const issue = issues[0];
  if (!issue) return { field: '', message: 'The request is invalid.' };
  const field = v.getDotPath(issue) ?? '';
  const subject = field === '' ? 'The request body' : field;
  if (issue.kind === 'schema' && issue.input === undefined) return { field, message: `${subject} is required` };
  if (issue.kind === 'schema' && issue.expected !== null && !issue.message.startsWith('must')) {
    return { field, message: `${subject} must be ${article(issue.expected)}, not ${issue.received}` };
  }
  return { field, message: `${subject} ${issue.message}` };
}

function article(expected: string): string {
  return /^(string|number|boolean|array|object|Object)$/.test(expected)
    ? `${/^[aeiouAEIOU]/.test(expected) ? 'an' : 'a'} ${expected.toLowerCase()}`
    : expected;
}
