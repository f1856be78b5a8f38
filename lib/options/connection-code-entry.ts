/**
 * The welcome page's connection code field, without Preact: what a pasted
 * code becomes (the three fields of a profile draft), and what is said
 * beside the field when it cannot be used, whether the code itself is at
 * fault (../contract/connection-code.ts) or the service refused what it holds
 * (the same check Save makes, ./profile-form.ts).
 */
import { decodeConnectionCode, type ConnectionCodeProblem } from '../contract/connection-code';
import { PROFILE_SERVICE_PROBLEMS, type ProfileFieldProblem } from '../messaging/protocol/profiles';
import type { DraftProblems, ProfileDraft } from './options-model';

export type CodeProblem =
  /** The code cannot be read. */
  | { kind: 'code'; problem: ConnectionCodeProblem }
  /** The service was asked and refused what the code holds; `address` is the code's, for the words. */
  | { kind: 'service'; problem: (typeof PROFILE_SERVICE_PROBLEMS)[number]; address: string; message?: string };

export type CodeReading = { ok: true; draft: ProfileDraft } | { ok: false; problem: Extract<CodeProblem, { kind: 'code' }> };

/** A pasted code as the profile it fills (named later, after its workspace and host). */
export function readConnectionCode(text: string): CodeReading {
  const read = decodeConnectionCode(text);
  if (!read.ok) return { ok: false, problem: { kind: 'code', problem: read.problem } };
  const { apiBase, token, workspaceId } = read.connection;
  return { ok: true, draft: { name: '', baseUrl: apiBase, token, workspaceId } };
}

const SERVICE: readonly ProfileFieldProblem[] = PROFILE_SERVICE_PROBLEMS;
const isService = (problem: ProfileFieldProblem): problem is (typeof PROFILE_SERVICE_PROBLEMS)[number] => SERVICE.includes(problem);

/**
 * The fields' problems after a code's profile was checked, as one problem
 * of the code: the service's refusal when there is one, else the field's
 * rule it broke (an address or a token the code's own check let through).
 * Null: no field is at fault (the status line says why nothing was saved).
 */
export function codeProblemOf(problems: DraftProblems, address: string, message?: string): CodeProblem | null {
  const found = Object.values(problems).filter((p): p is ProfileFieldProblem => p !== undefined);
  const service = found.find(isService);
  if (service !== undefined) return { kind: 'service', problem: service, address, ...(message === undefined ? {} : { message }) };
  if (problems.baseUrl !== undefined) return { kind: 'code', problem: 'bad-address' };
  return found.length === 0 ? null : { kind: 'code', problem: 'bad-parts' };
}
