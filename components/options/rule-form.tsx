import { useEffect, useState } from 'preact/hooks';
import type { CampaignTemplate } from '../../lib/campaign/template';
import { domainOptions } from '../../lib/domains/choices';
import { loadChoices, type Choices } from '../../lib/domains/load-choices';
import { t } from '../../lib/i18n/catalogue';
import { ruleProblemText } from '../../lib/options/link-setup-text';
import { loadErrorText } from '../../lib/options/options-text';
import type { Send } from '../../lib/messaging/send-message';
import type { LinkSetupController, RuleEdit } from '../../lib/options/link-setup-controller';
import type { CleanPick, DomainPick } from '../../lib/options/rule-draft';
import type { TagList } from '../../lib/tags/list';
import { Button } from '../shared/button';
import { SelectField } from '../shared/select-field';
import { TextField } from '../shared/text-field';
import { DefaultTagsField } from './default-tags-field';

interface Props {
  edit: RuleEdit;
  /** The rule's pattern as saved, which names it while it is edited. */
  savedPattern: string;
  saving: boolean;
  controller: LinkSetupController;
  templates: readonly CampaignTemplate[];
  tags: TagList;
  onReloadTags: () => void;
  send: Send;
  /** The service's host: its own domain's name. */
  serviceHost: string;
  /** Changes when the workspace's domains may have: their list is read again. */
  reloadKey: string;
}

/** The domain select's value for "my default": no domain name holds a colon. */
const DEFAULT_DOMAIN = ':default';

function domainValue(pick: DomainPick): string {
  return pick.kind === 'default' ? DEFAULT_DOMAIN : pick.kind === 'own' ? '' : pick.domain;
}

function domainPick(value: string): DomainPick {
  return value === DEFAULT_DOMAIN ? { kind: 'default' } : value === '' ? { kind: 'own' } : { kind: 'custom', domain: value };
}

/** A site rule's fields: the host pattern, then what it sets (each may be left to the user's default). */
export function RuleForm({ edit, savedPattern, saving, controller, templates, tags, onReloadTags, send, serviceHost, reloadKey }: Props) {
  const { draft } = edit;
  const [choices, setChoices] = useState<Choices>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void loadChoices(send).then((c) => live && setChoices(c));
    return () => {
      live = false;
    };
  }, [reloadKey]);
  const problem = edit.problem === null ? null : ruleProblemText(edit.problem);
  const errorFor = (field: string) => (problem?.field === field ? problem.text : null);
  const tagsError = errorFor('tags');
  const formError = errorFor('form');
  const setUp = choices.status === 'done' ? choices.domains : [];
  const current = draft.domain.kind === 'custom' ? draft.domain.domain : '';
  const domainChoices = [
    { value: DEFAULT_DOMAIN, label: t('ruleDomainDefault') },
    ...domainOptions(setUp, current).map((o) => ({
      value: o.value,
      label: o.value === '' ? serviceHost || t('domainsServiceDomain') : o.missing ? t('domainsDefaultMissing', o.label) : o.label,
    })),
  ];
  const loadError = choices.status === 'error' ? t('domainsDefaultFailed', loadErrorText(choices.error, serviceHost).what) : null;
  const templateChoices = [{ value: '', label: t('ruleTemplateNone') }, ...templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))];
  if (draft.templateId !== '' && !templates.some((tpl) => tpl.id === draft.templateId)) templateChoices.push({ value: draft.templateId, label: '—' });
  const cleanChoices: { value: CleanPick; label: string }[] = [
    { value: 'default', label: t('ruleCleanDefault') },
    { value: 'on', label: t('ruleCleanOn') },
    { value: 'off', label: t('ruleCleanOff') },
  ];
  return (
    <div class="setup-form">
      <form
        noValidate
        aria-labelledby="rule-form-heading"
        onSubmit={(e) => {
          e.preventDefault();
          void controller.saveRule();
        }}
      >
        <h4 id="rule-form-heading">{edit.isNew ? t('ruleNew') : t('ruleEditing', savedPattern)}</h4>
        <TextField
          id="rule-pattern"
          label={t('rulePatternLabel')}
          value={draft.pattern}
          autoComplete="off"
          spellcheck={false}
          autoFocus
          hint={t('rulePatternHint')}
          error={errorFor('pattern')}
          onInput={(e) => controller.changeRule({ ...draft, pattern: e.currentTarget.value })}
        />
        <SelectField
          id="rule-domain"
          label={t('ruleDomainLabel')}
          options={domainChoices}
          value={domainValue(draft.domain)}
          disabled={choices.status === 'loading'}
          hint={choices.status === 'loading' ? t('domainsPickerLoading') : (loadError ?? undefined)}
          error={errorFor('domain')}
          onChange={(e) => controller.changeRule({ ...draft, domain: domainPick(e.currentTarget.value) })}
        />
        <DefaultTagsField
          label={t('ruleTagsLegend')}
          hint={t('ruleTagsHint')}
          value={draft.tags}
          tags={tags}
          onChange={(chosen) => controller.changeRule({ ...draft, tags: chosen })}
          onReload={onReloadTags}
        />
        {tagsError && (
          <p class="field-message error" role="alert">
            {tagsError}
          </p>
        )}
        <SelectField
          id="rule-template"
          label={t('ruleTemplateLabel')}
          options={templateChoices}
          value={draft.templateId}
          error={errorFor('template')}
          onChange={(e) => controller.changeRule({ ...draft, templateId: e.currentTarget.value })}
        />
        <SelectField
          id="rule-clean"
          label={t('ruleCleanLabel')}
          options={cleanChoices}
          value={draft.clean}
          onChange={(e) => {
            const value = e.currentTarget.value;
            controller.changeRule({ ...draft, clean: value === 'on' || value === 'off' ? value : 'default' });
          }}
        />
        {formError && (
          <p class="field-message error" role="alert">
            {formError}
          </p>
        )}
        <div class="row form-actions">
          <Button type="submit" variant="primary" disabled={saving}>
            {t('ruleSave')}
          </Button>
          <Button onClick={() => controller.cancelRule()}>{t('rulesCancel')}</Button>
        </div>
      </form>
    </div>
  );
}
