import * as v from 'valibot';

/**
 * Names the first thing wrong with an answer, as `data.shortUrl: expected
 * string, received 42` or `data.shortUrl: missing`, so a report from a user points at the field.
 */
export function describeInvalid(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'the answer is invalid';
  const path = v.getDotPath(issue) ?? '';
  const where = path === '' ? 'body' : path;
  // valibot reports a missing key with the key itself as `expected`.
  if (issue.received === 'undefined') return `${where}: missing`;
  if (issue.expected !== null) return `${where}: expected ${issue.expected}, received ${issue.received}`;
  return `${where}: ${issue.message}`;
}
