import { ChevronDown, ChevronUp, Pencil, Plus, Trash2 } from 'lucide-preact';
import type { ComponentChildren } from 'preact';
import type { CampaignTemplate } from '../../lib/campaign/template';
import { t } from '../../lib/i18n/catalogue';
import { formatCount } from '../../lib/i18n/format';
import { linkSetupStatusText, ruleSetsText } from '../../lib/options/link-setup-text';
import type { LinkSetupController, LinkSetupModel } from '../../lib/options/link-setup-controller';
import type { SiteRule } from '../../lib/site-rules/site-rule';
import { Button } from '../shared/button';
import { ConfirmGroup } from '../shared/confirm-group';
import { IconButton } from '../shared/icon-button';

interface Props {
  model: LinkSetupModel;
  rules: readonly SiteRule[];
  templates: readonly CampaignTemplate[];
  controller: LinkSetupController;
  serviceHost: string;
  /** The rule form, drawn under the list while a rule is added or edited. */
  form: ComponentChildren;
}

/** The active profile's site rules in the order they are tried: what each sets, Move up and down, Edit, Delete (confirmed). */
export function RulesPart({ model, rules, templates, controller, serviceHost, form }: Props) {
  const { confirming } = model;
  return (
    <section class="rules-part" aria-labelledby="site-rules-heading">
      <div class="row spread">
        <h3 id="site-rules-heading">{t('rulesListHeading')}</h3>
        <Button size="small" icon={Plus} onClick={() => controller.newRule()} disabled={model.ruleEdit?.isNew === true}>
          {t('rulesAdd')}
        </Button>
      </div>
      {model.status?.kind === 'rules-full' && (
        <p role="alert" class="error">
          {linkSetupStatusText(model.status).text}
        </p>
      )}
      {rules.length === 0 ? (
        <p class="muted">{t('rulesNone')}</p>
      ) : (
        <>
          <p class="hint">{t('rulesOrderHint')}</p>
          <ol class="setup-list" aria-label={t('rulesListHeading')}>
            {rules.map((rule, index) => {
              const template = rule.templateId === undefined ? undefined : templates.find((tpl) => tpl.id === rule.templateId)?.name;
              const sets = ruleSetsText({ ...rule, ...(template === undefined ? {} : { template }) }, serviceHost);
              return (
                <li key={rule.id} class="setup-row">
                  <div class="setup-main">
                    <div class="setup-text">
                      <strong class="setup-name">{t('ruleTitle', formatCount(index + 1), rule.pattern)}</strong>
                      <span class="muted">{sets.length > 0 ? sets.join(' · ') : t('ruleSetsNothing')}</span>
                    </div>
                    <div class="row-actions">
                      <IconButton icon={ChevronUp} size="small" label={t('ruleMoveUp', rule.pattern)} disabled={index === 0 || model.saving} onClick={() => void controller.moveRule(rule.id, -1)} />
                      <IconButton
                        icon={ChevronDown}
                        size="small"
                        label={t('ruleMoveDown', rule.pattern)}
                        disabled={index === rules.length - 1 || model.saving}
                        onClick={() => void controller.moveRule(rule.id, 1)}
                      />
                      <Button size="small" variant="ghost" icon={Pencil} aria-label={t('ruleEditFor', rule.pattern)} onClick={() => controller.editRule(rule.id)}>
                        {t('rulesEdit')}
                      </Button>
                      <Button size="small" variant="ghost" class="danger-text" icon={Trash2} aria-label={t('ruleDeleteFor', rule.pattern)} onClick={() => controller.askDeleteRule(rule.id)}>
                        {t('rulesDelete')}
                      </Button>
                    </div>
                  </div>
                  {confirming?.kind === 'rule' && confirming.id === rule.id && (
                    <ConfirmGroup yes={t('rulesDeleteYes')} no={t('rulesDeleteNo')} busy={model.saving} onYes={() => void controller.confirmDelete()} onNo={() => controller.cancelDelete()}>
                      {t('ruleDeleteConfirm', rule.pattern)}
                    </ConfirmGroup>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {form}
    </section>
  );
}
