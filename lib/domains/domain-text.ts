/** Words for the domain codes of lib/domains/ (catalogue keys `domains…`). */
import { formatCount, pluralForm } from '../i18n/format';
import { t, type MessageKey } from '../i18n/catalogue';
import type { ConnectProblem } from './connect-rules';
import type { ChecklistStep, DomainStage } from './view';

const PROBLEMS: Record<ConnectProblem | 'taken', MessageKey> = {
  empty: 'domainsProblemEmpty',
  scheme: 'domainsProblemScheme',
  spaces: 'domainsProblemSpaces',
  path: 'domainsProblemPath',
  port: 'domainsProblemPort',
  characters: 'domainsProblemCharacters',
  invalid: 'domainsProblemInvalid',
  'too-long': 'domainsProblemTooLong',
  'one-label': 'domainsProblemOneLabel',
  'label-too-long': 'domainsProblemLabelTooLong',
  'label-invalid': 'domainsProblemLabelInvalid',
  'ip-address': 'domainsProblemIpAddress',
  'own-domain': 'domainsProblemOwnDomain',
  'already-connected': 'domainsProblemAlreadyConnected',
  taken: 'domainsProblemTaken',
};

/** `serviceHost`: the service's own domain, named when that is the domain typed. */
export function connectProblemText(problem: ConnectProblem | 'taken', serviceHost = ''): string {
  if (problem === 'own-domain' && serviceHost !== '') return t('domainsProblemOwnHost', serviceHost);
  return t(PROBLEMS[problem]);
}

const STEPS: Record<ChecklistStep, MessageKey> = {
  dns: 'domainsStepDns',
  ssl: 'domainsStepSsl',
  ping: 'domainsStepPing',
  setup: 'domainsStepSetup',
};

export function checklistText(step: ChecklistStep, done: boolean): string {
  return t('domainsStepState', t(STEPS[step]), done ? t('domainsYes') : t('domainsNo'));
}

const STAGES: Record<Exclude<DomainStage, 'ready'>, MessageKey> = {
  'add-records': 'domainsStageAddRecords',
  'add-routing': 'domainsStageAddRouting',
  'add-proof': 'domainsStageAddProof',
};

export function stageText(stage: DomainStage): string | null {
  return stage === 'ready' ? null : t(STAGES[stage]);
}

/** "Page 2 of 3", each figure grouped like every count. */
export function domainsPageText(pageNumber: number, totalPages: number): string {
  return t('domainsPage', formatCount(pageNumber), formatCount(totalPages));
}

/** "1 domain", "45 domains": how many the workspace has, in the count's plural form. */
export function domainsCountText(count: number): string {
  return t(pluralForm(count) === 'one' ? 'domainsCountOne' : 'domainsCount', formatCount(count));
}
