/** The options page's codes in the user's words, all from the catalogue. */
import type { ConnectionProblem } from './connection-rules';
import { formatCount, pluralForm } from './format';
import { t, type MessageKey } from './i18n';
import type { ConnectionStatus } from './options-controller';

const PROBLEM_KEYS: Record<ConnectionProblem, MessageKey> = {
  'base-url-empty': 'fieldRequired',
  'base-url-invalid': 'fieldBaseUrlInvalid',
  'base-url-scheme': 'fieldBaseUrlInvalid',
  'base-url-credentials': 'fieldBaseUrlCredentials',
  'base-url-query': 'fieldBaseUrlQuery',
  'token-empty': 'fieldRequired',
  'token-spaces': 'fieldTokenInvalid',
  'workspace-empty': 'fieldRequired',
  'workspace-invalid': 'fieldWorkspaceInvalid',
};

export function connectionProblemText(problem: ConnectionProblem): string {
  return t(PROBLEM_KEYS[problem]);
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
    case 'saved-no-permission':
      return { tone: 'error', text: t('savedNoPermission', status.origin) };
    case 'fix-fields':
      return { tone: 'error', text: t('fixFields') };
    case 'internal':
      return { tone: 'error', text: t('errorInternal') };
    case 'tested':
      return testText(status);
  }
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
