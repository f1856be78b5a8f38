/** The profiles list's and the settings file's codes in the user's words, all from the catalogue. */
import { formatCount, pluralForm } from '../i18n/format';
import { t } from '../i18n/catalogue';
import type { StatusText } from './options-text';
import type { FileStatus, ProfilesStatus } from './profiles-controller';

export function profilesStatusText(status: ProfilesStatus): StatusText {
  switch (status.kind) {
    case 'switched':
      return { tone: 'ok', text: t('profilesSwitched', status.name) };
    case 'deleted':
      return { tone: 'ok', text: t('profilesDeleted') };
    case 'failed':
      return { tone: 'error', text: t('profilesFailed') };
  }
}

export function fileStatusText(status: FileStatus): StatusText {
  if (status.kind === 'imported') {
    const renamed = status.renamed.map(({ from, to }) => t('profilesImportedBeside', to, from));
    return { tone: 'ok', text: [t('profilesImported'), ...renamed].join(' ') };
  }
  if (status.kind === 'failed') return { tone: 'error', text: t('profilesFailed') };
  const { verdict } = status;
  switch (verdict.problem) {
    case 'too-big':
      return { tone: 'error', text: t('profilesImportTooBig') };
    case 'not-json':
      return { tone: 'error', text: t('profilesImportNotJson') };
    case 'bad-format':
      // Where in the file (verdict.at) means nothing to the user: the file is simply not one of ours.
      return { tone: 'error', text: t('profilesImportBadFormat') };
    case 'duplicate-name':
      return { tone: 'error', text: t('profilesImportDuplicate', verdict.name) };
    case 'name-invalid':
      return { tone: 'error', text: t('profilesImportBadName', verdict.name) };
    case 'default-domain-invalid':
      return { tone: 'error', text: t('profilesImportBadDomain') };
    case 'base-url-invalid':
      return { tone: 'error', text: t('profilesImportBadUrl', verdict.name) };
    case 'workspace-invalid':
      return { tone: 'error', text: t('profilesImportBadWorkspace', verdict.name) };
    case 'template-invalid':
      return { tone: 'error', text: t('profilesImportBadTemplate', verdict.name) };
    case 'rule-invalid':
      return { tone: 'error', text: t('profilesImportBadRule', verdict.name) };
  }
}

/** How many waiting items a profile's delete discards, in the count's plural form. */
export function profilesDeleteQueuedText(count: number): string {
  return t(pluralForm(count) === 'one' ? 'profilesDeleteQueuedOne' : 'profilesDeleteQueued', formatCount(count));
}
