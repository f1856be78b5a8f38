/**
 * The name a profile gets when the user leaves its name empty: its
 * workspace at its service's host (`demo @ links.example.com`), readable in
 * the popup's switcher. Symbols only, no words: a stored name must not be a
 * sentence in the language the browser happened to use that day (as the
 * profiles migration, lib/storage/profiles.ts).
 */
import { nameProblem, PROFILE_NAME_MAX } from '../storage/profiles';
import { serviceHostOf } from './active-connection';

/** `workspace @ host`, cut to the name rule's length; '' when either part is missing (nothing to name yet). */
export function suggestedName(baseUrl: string, workspaceId: string): string {
  const host = serviceHostOf(baseUrl);
  const workspace = workspaceId.trim();
  if (host === '' || workspace === '') return '';
  const name = `${workspace} @ ${host}`;
  return name.length <= PROFILE_NAME_MAX ? name : `${name.slice(0, PROFILE_NAME_MAX - 1)}…`;
}

/** The suggested name, made unique among `others` ("… (2)", "… (3)") by the same rule Save applies. */
export function defaultProfileName(baseUrl: string, workspaceId: string, others: readonly { name: string }[]): string {
  const base = suggestedName(baseUrl, workspaceId);
  if (base === '' || nameProblem(base, others) === null) return base;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, PROFILE_NAME_MAX - suffix.length)}${suffix}`;
    if (nameProblem(candidate, others) === null) return candidate;
  }
}
