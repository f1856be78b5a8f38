import { Pencil, Plus, Trash2 } from 'lucide-preact';
import { UTM_FIELDS } from '../../lib/campaign/utm';
import type { CampaignTemplate } from '../../lib/campaign/template';
import { t } from '../../lib/i18n/catalogue';
import { UTM_FIELD_LABELS, linkSetupStatusText, templateProblemText } from '../../lib/options/link-setup-text';
import type { LinkSetupController, LinkSetupModel, TemplateEdit } from '../../lib/options/link-setup-controller';
import { Button } from '../shared/button';
import { ConfirmGroup } from '../shared/confirm-group';
import { TextField } from '../shared/text-field';

interface Props {
  model: LinkSetupModel;
  templates: readonly CampaignTemplate[];
  controller: LinkSetupController;
}

/** A template's values as they are written on a link (`utm_source=news`): the parameter names are the product's words for them. */
function valuesOf(template: CampaignTemplate): string {
  return UTM_FIELDS.filter((f) => template.utm[f] !== '')
    .map((f) => `utm_${f}=${template.utm[f]}`)
    .join('  ·  ');
}

function TemplateForm({ edit, savedName, saving, controller }: { edit: TemplateEdit; savedName: string; saving: boolean; controller: LinkSetupController }) {
  const { draft } = edit;
  const problem = edit.problem === null ? null : templateProblemText(edit.problem);
  const errorFor = (field: string) => (problem?.field === field ? problem.text : null);
  return (
    <div class="setup-form">
      <form
        noValidate
        aria-labelledby="template-form-heading"
        onSubmit={(e) => {
          e.preventDefault();
          void controller.saveTemplate();
        }}
      >
        <h4 id="template-form-heading">{edit.isNew ? t('templateNew') : t('templateEditing', savedName)}</h4>
        <TextField
          id="template-name"
          label={t('templateNameLabel')}
          value={draft.name}
          autoComplete="off"
          autoFocus
          error={errorFor('name')}
          onInput={(e) => controller.changeTemplate({ ...draft, name: e.currentTarget.value })}
        />
        <p id="template-values-message" class={problem?.field === 'values' ? 'field-message error' : 'field-message hint'} role={problem?.field === 'values' ? 'alert' : undefined}>
          {problem?.field === 'values' ? problem.text : t('templateValuesHint')}
        </p>
        <div class="utm-fields">
          {UTM_FIELDS.map((field) => (
            <TextField
              key={field}
              id={`template-${field}`}
              label={t(UTM_FIELD_LABELS[field])}
              value={draft.utm[field]}
              autoComplete="off"
              error={errorFor(field)}
              onInput={(e) => controller.changeTemplate({ ...draft, utm: { ...draft.utm, [field]: e.currentTarget.value } })}
            />
          ))}
        </div>
        <div class="row form-actions">
          <Button type="submit" variant="primary" disabled={saving}>
            {t('templateSave')}
          </Button>
          <Button onClick={() => controller.cancelTemplate()}>{t('rulesCancel')}</Button>
        </div>
      </form>
    </div>
  );
}

/** The active profile's campaign templates: each with its values, Edit and Delete (confirmed), and a form to add or change one. */
export function TemplatesPart({ model, templates, controller }: Props) {
  const { confirming, status } = model;
  const inUse = status?.kind === 'template-in-use' ? status : null;
  return (
    <section class="rules-part" aria-labelledby="templates-heading">
      <div class="row spread">
        <h3 id="templates-heading">{t('templatesHeading')}</h3>
        <Button size="small" icon={Plus} onClick={() => controller.newTemplate()} disabled={model.templateEdit?.isNew === true}>
          {t('templatesAdd')}
        </Button>
      </div>
      {status?.kind === 'templates-full' && (
        <p role="alert" class="error">
          {linkSetupStatusText(status).text}
        </p>
      )}
      {templates.length === 0 ? (
        <p class="muted">{t('templatesNone')}</p>
      ) : (
        <>
          <ul class="setup-list" aria-label={t('templatesHeading')}>
            {templates.map((template) => (
              <li key={template.id} class="setup-row">
                <div class="setup-main">
                  <div class="setup-text">
                    <strong class="setup-name">{template.name}</strong>
                    <code class="setup-values">{valuesOf(template)}</code>
                  </div>
                  <div class="row-actions">
                    <Button size="small" variant="ghost" icon={Pencil} aria-label={t('templateEditFor', template.name)} onClick={() => controller.editTemplate(template.id)}>
                      {t('rulesEdit')}
                    </Button>
                    <Button size="small" variant="ghost" class="danger-text" icon={Trash2} aria-label={t('templateDeleteFor', template.name)} onClick={() => controller.askDeleteTemplate(template.id)}>
                      {t('rulesDelete')}
                    </Button>
                  </div>
                </div>
                {inUse?.name === template.name && (
                  <p role="alert" class="error">
                    {linkSetupStatusText(inUse).text}
                  </p>
                )}
                {confirming?.kind === 'template' && confirming.id === template.id && (
                  <ConfirmGroup yes={t('rulesDeleteYes')} no={t('rulesDeleteNo')} busy={model.saving} onYes={() => void controller.confirmDelete()} onNo={() => controller.cancelDelete()}>
                    {t('templateDeleteConfirm', template.name)}
                  </ConfirmGroup>
                )}
              </li>
            ))}
          </ul>
          <p class="hint">{t('templateDeleteNote')}</p>
        </>
      )}
      {model.templateEdit && (
        <TemplateForm
          key={model.templateEdit.draft.id}
          edit={model.templateEdit}
          savedName={templates.find((tpl) => tpl.id === model.templateEdit?.draft.id)?.name ?? ''}
          saving={model.saving}
          controller={controller}
        />
      )}
    </section>
  );
}
