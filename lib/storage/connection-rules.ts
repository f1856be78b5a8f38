/**
 * What makes a connection (service address, token, workspace) valid, as
 * codes: the options page turns each into a catalogue message
 * (lib/options/options-text.ts), so no sentence is made here. Used by the
 * options page before anything is sent and by the background before saving.
 */
import * as v from 'valibot';
import { IdSchema } from '../contract/schemas';

export interface ConnectionInput {
  baseUrl: string;
  token: string;
  workspaceId: string;
}

export type ConnectionField = keyof ConnectionInput;

export const CONNECTION_PROBLEMS = [
  'base-url-empty',
  'base-url-invalid',
  'base-url-scheme',
  'base-url-credentials',
  'base-url-query',
  'token-empty',
  'token-spaces',
  'workspace-empty',
  'workspace-invalid',
] as const;

export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];
export type ConnectionProblems = Partial<Record<ConnectionField, ConnectionProblem>>;
export type ConnectionVerdict = { ok: true; value: ConnectionInput } | { ok: false; problems: ConnectionProblems };

/**
 * Checks what the user typed in Options and returns it normalised (trimmed,
 * base URL without trailing slashes), or one problem per bad field.
 */
export function validateConnection(input: ConnectionInput): ConnectionVerdict {
  const problems: ConnectionProblems = {};
  const baseUrl = normaliseBaseUrl(input.baseUrl);
  if (baseUrl.ok === false) problems.baseUrl = baseUrl.problem;

  const token = input.token.trim();
  if (token === '') problems.token = 'token-empty';
  else if (/\s/.test(token)) problems.token = 'token-spaces';

  const workspaceId = input.workspaceId.trim();
  if (workspaceId === '') problems.workspaceId = 'workspace-empty';
  else if (!v.safeParse(IdSchema, workspaceId).success) problems.workspaceId = 'workspace-invalid';

  if (baseUrl.ok === false || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { baseUrl: baseUrl.url, token, workspaceId } };
}

function normaliseBaseUrl(raw: string): { ok: true; url: string } | { ok: false; problem: ConnectionProblem } {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, problem: 'base-url-empty' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, problem: 'base-url-invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'base-url-scheme' };
  // The token has its own field: a password in the address would end up in logs.
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'base-url-credentials' };
  if (url.search !== '' || url.hash !== '') return { ok: false, problem: 'base-url-query' };
  return { ok: true, url: url.href.replace(/\/+$/, '') };
}
