/** Words for the domain codes of lib/domains/ (catalogue keys `domains…`). */
import { formatCount } from './format';
import { t, type MessageKey } from './catalogue';
import type { ConnectProblem } from '../domains/connect-rules';
import type { ChecklistStep, DomainStage } from '../domains/view';

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

export function connectProblemText(problem: ConnectProblem | 'taken'): string {
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

/** "Page 2 of 3 (45 domains)", each figure grouped like every count. */
export function domainsPageText(pageNumber: number, totalPages: number, totalCount: number): string {
  return t('domainsPage', formatCount(pageNumber), formatCount(totalPages), formatCount(totalCount));
}
