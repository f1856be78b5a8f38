/** The options page's codes in the user's words, all from the catalogue. */
import { describeError, NO_HOST_PERMISSION } from '../i18n/describe-error';
import { formatCount, pluralForm } from '../i18n/format';
import { t, type MessageKey } from '../i18n/catalogue';
import type { ErrorView } from '../messaging/send-message';
import type { ConnectionStatus, DraftField, DraftProblems, OptionsModel } from './controller';
import type { ProfileFieldProblem } from '../messaging/protocol/profiles';
import type { ConnectionCodeProblem } from '../contract/connection-code';
import type { CodeProblem } from './connection-code-entry';

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

const CODE_KEYS: Record<ConnectionCodeProblem, MessageKey> = {
  empty: 'connectionCodeEmpty',
  'not-a-code': 'connectionCodeNotACode',
  damaged: 'connectionCodeDamaged',
  'bad-address': 'connectionCodeBadAddress',
  'bad-parts': 'connectionCodeBadParts',
};

/** Why a pasted connection code did not connect, in words, beside its field. */
export function codeProblemText(problem: CodeProblem): string {
  if (problem.kind === 'code') return t(CODE_KEYS[problem.problem]);
  switch (problem.problem) {
    // The code is what the user has: they are told to make a new one, not to fix a token they never saw.
    case 'service-refused-token':
      return t('connectionCodeRefused');
    case 'service-workspace-not-granted':
      return t('connectionCodeWorkspace');
    case 'service-unreachable':
      return t('connectionCodeUnreachable', problem.address);
    case 'service-timeout':
      return t('connectionCodeTimeout', problem.address);
    case 'service-not-api':
      return t('connectionCodeNotApi', problem.address);
    default:
      return connectionProblemText(problem.problem, problem.message);
  }
}

export interface StatusText {
  tone: 'ok' | 'error' | 'progress';
  text: string;
}

export function connectionStatusText(status: ConnectionStatus): StatusText {
  switch (status.kind) {
    case 'saving':
      // Save asks the service before it stores anything.
      return { tone: 'progress', text: t('connectionChecking') };
    case 'testing':
      return { tone: 'progress', text: t('testing') };
    case 'saved':
      return { tone: 'ok', text: t('saved') };
    case 'not-allowed':
      return { tone: 'error', text: t('profilesNotAllowed', status.origin) };
    case 'check-failed':
      // The reason is said under the field it concerns; this line says only that nothing was stored.
      return { tone: 'error', text: t('connectionCheckFailed') };
    case 'enter-token':
      return { tone: 'error', text: t('profilesEnterToken', status.name) };
    case 'fix-fields':
      return { tone: 'error', text: pluralForm(status.count) === 'one' ? t('fixFieldsOne') : t('fixFields', formatCount(status.count)) };
    case 'internal':
      return { tone: 'error', text: t('errorInternal') };
    case 'tested':
      return testText(status);
  }
}

/** The code field's hint as the text before, between and after its two commands (drawn as code, never translated). */
export function connectionCodeHintParts(): [string, string, string] {
  // Markers no message holds, put where the commands go and split on.
  const [before = '', rest = ''] = t('connectionCodeHint', '{{1}}', '{{2}}').split('{{1}}');
  const [between = '', after = ''] = rest.split('{{2}}');
  return [before, between, after];
}

/** The status line under the connection code: its one field is marked, whatever the fields it filled. */
export function codeStatusText(status: ConnectionStatus): StatusText {
  return status.kind === 'fix-fields' ? { tone: 'error', text: t('connectionCheckFailed') } : connectionStatusText(status);
}

/** Where the last change of the defaults or theme stands. */
export function prefsStatusText(status: OptionsModel['prefsStatus']): StatusText | null {
  switch (status) {
    case null:
      return null;
    case 'saving':
      return { tone: 'progress', text: t('saving') };
    case 'saved':
      return { tone: 'ok', text: t('saved') };
    case 'failed':
      return { tone: 'error', text: t('prefsSaveFailed') };
  }
}

export interface LoadErrorText {
  what: string;
  todo: string;
  /** The fix is in the Connection section (token, address, workspace, permission): its button goes there. */
  fixConnection: boolean;
}

/**
 * Why something on the options page failed (a list not loaded, a domain not
 * connected, checked or changed), said for someone already in settings: the
 * service by its host, and "under Connection" rather than "in settings".
 */
export function loadErrorText(error: ErrorView, host: string): LoadErrorText {
  if (error.kind === 'network' && error.code === NO_HOST_PERMISSION) {
    return { what: t('errorNoPermission'), todo: t('optionsFixPermission'), fixConnection: true };
  }
  if (error.kind === 'network') return { what: t('optionsCantReach', host), todo: t('optionsCantReachTodo'), fixConnection: false };
  if (error.kind === 'unauthorized') return { what: t('optionsTokenRefused', host), todo: t('optionsFixToken'), fixConnection: true };
  if (error.code === 'WORKSPACE_NOT_GRANTED') return { what: t('testWorkspaceNotGranted'), todo: t('optionsFixWorkspace'), fixConnection: true };
  if (error.kind === 'invalid-response') return { what: t('errorInvalidResponse'), todo: t('optionsFixAddress'), fixConnection: true };
  const text = describeError(error);
  return { what: text.what, todo: text.todo, fixConnection: false };
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

/** "1 tag", "12 tags": how many the workspace has, in the count's plural form. */
export function tagsCountText(count: number): string {
  return t(pluralForm(count) === 'one' ? 'tagsCountOne' : 'tagsCount', formatCount(count));
}
