/** The options page's codes in the user's words, all from the catalogue. */
import { formatCount, pluralForm } from './format';
import { t, type MessageKey } from './catalogue';
import type { ConnectionStatus, DraftField, DraftProblems, OptionsModel } from '../options/controller';
import type { ProfileFieldProblem } from '../messaging/protocol/profiles';

const PROBLEM_KEYS: Record<Exclude<ProfileFieldProblem, 'service-error'>, MessageKey> = {
  'base-url-empty': 'fieldRequired',
  'base-url-invalid': 'fieldBaseUrlInvalid',
  'base-url-scheme': 'fieldBaseUrlInvalid',
  'base-url-credentials': 'fieldBaseUrlCredentials',
  'base-url-query': 'fieldBaseUrlQuery',
  'token-empty': 'fieldRequired',
  'token-spaces': 'fieldTokenInvalid',
  'workspace-empty': 'fieldRequired',
  'workspace-invalid': 'fieldWorkspaceInvalid',
  'name-empty': 'profilesNameEmpty',
  'name-taken': 'profilesNameTaken',
  'name-too-long': 'profilesNameTooLong',
  'name-characters': 'profilesNameCharacters',
  // Asked of the service before saving: the same words as the connection test's.
  'service-no-permission': 'testNoPermission',
  'service-unreachable': 'testUnreachable',
  'service-timeout': 'testTimeout',
  'service-not-api': 'testInvalidResponse',
  'service-refused-token': 'testRefusedToken',
  'service-workspace-not-granted': 'testWorkspaceNotGranted',
};

/** A field's problem in words; `message` is the service's own, for 'service-error'. */
export function connectionProblemText(problem: ProfileFieldProblem, message = ''): string {
  return problem === 'service-error' ? t('testServiceError', message) : t(PROBLEM_KEYS[problem]);
}

/** Every bad field of the profile form, its problem in words. */
export function draftProblemsText(problems: DraftProblems, message?: string): Partial<Record<DraftField, string>> {
  const texts: Partial<Record<DraftField, string>> = {};
  for (const [field, problem] of Object.entries(problems) as [DraftField, DraftProblems[DraftField]][]) {
    if (problem !== undefined) texts[field] = connectionProblemText(problem, message);
  }
  return texts;
}

export interface StatusText {
  tone: 'ok' | 'error' | 'progress';
  text: string;
}

export function connectionStatusText(status: ConnectionStatus): StatusText {
  switch (status.kind) {
    case 'saving':
      return { tone: 'progress', text: t('saving') };
    case 'testing':
      return { tone: 'progress', text: t('testing') };
    case 'saved':
      return { tone: 'ok', text: t('saved') };
    case 'not-allowed':
      return { tone: 'error', text: t('profilesNotAllowed', status.origin) };
    case 'check-failed':
      return { tone: 'error', text: connectionProblemText(status.problem, status.message) };
    case 'enter-token':
      return { tone: 'error', text: t('profilesEnterToken', status.name) };
    case 'fix-fields':
      return { tone: 'error', text: t('fixFields') };
    case 'internal':
      return { tone: 'error', text: t('errorInternal') };
    case 'tested':
      return testText(status);
  }
}

/** The defaults form's line after Save. */
export function prefsStatusText(status: OptionsModel['prefsStatus']): StatusText | null {
  if (status === null) return null;
  return status === 'saved' ? { tone: 'ok', text: t('saved') } : { tone: 'error', text: t('errorInternal') };
}

function testText({ answer, workspaceId }: Extract<ConnectionStatus, { kind: 'tested' }>): StatusText {
  if (answer.ok) return { tone: 'ok', text: t(pluralForm(answer.linkCount) === 'one' ? 'reachTestOkOne' : 'testOk', answer.workspaceId, formatCount(answer.linkCount)) };
  switch (answer.problem) {
    case 'not-configured':
      return { tone: 'error', text: t('testNotConfigured') };
    case 'no-permission':
      return { tone: 'error', text: t('testNoPermission') };
    case 'unreachable':
      return { tone: 'error', text: t('testUnreachable') };
    case 'timeout':
      return { tone: 'error', text: t('testTimeout') };
    case 'refused-token':
      return { tone: 'error', text: t('testRefusedToken') };
    case 'workspace-not-granted':
      return { tone: 'error', text: `${t('testWorkspaceNotGranted')} (${workspaceId})` };
    case 'invalid-response':
      return { tone: 'error', text: t('testInvalidResponse') };
    case 'service-error':
      // The service's own words name its rule; the sentence around them is ours.
      return { tone: 'error', text: t('testServiceError', answer.message ?? '') };
  }
}
