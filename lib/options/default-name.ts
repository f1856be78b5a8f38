/**
 * The name a profile gets when the user leaves its name empty: its
 * workspace on its service's host (`demo on links.example.com`), readable in
 * the popup's switcher, in the words of the catalogue the page was shown in
 * (the user saw it in the field before saving, and may rename it any time).
 */
import { t } from '../i18n/catalogue';
import { nameProblem, PROFILE_NAME_MAX } from '../storage/profiles';
import { serviceHostOf } from './active-connection';

/** `workspace on host`, cut to the name rule's length; '' when either part is missing (nothing to name yet). */
export function suggestedName(baseUrl: string, workspaceId: string): string {
  const host = serviceHostOf(baseUrl);
  const workspace = workspaceId.trim();
  if (host === '' || workspace === '') return '';
  const name = t('profilesDefaultName', workspace, host);
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
