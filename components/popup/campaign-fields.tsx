/**
 * Customise's campaign values (issue 25): the profile's saved templates as
 * one-click buttons, the five `utm_*` fields (each with its problem in words
 * beside it), and the final URL they make, shown before the link is made.
 * Part of the customise panel's lazily loaded chunk; its state is the
 * panel's controller's (lib/popup/customise-controller.ts).
 */
import type { CampaignTemplate } from '../../lib/campaign/template';
import { UTM_FIELDS, type UtmField } from '../../lib/campaign/utm';
import { t, type MessageKey } from '../../lib/i18n/catalogue';
import { utmProblemText } from '../../lib/campaign/utm-problem-text';
import type { CampaignChoice } from '../../lib/campaign/campaign-choice';
import type { TemplateList } from '../../lib/popup/customise-controller';
import { TextField } from '../shared/text-field';
import './campaign-fields.css';

const LABELS: Record<UtmField, MessageKey> = {
  source: 'campaignSource',
  medium: 'campaignMedium',
  campaign: 'campaignCampaign',
  term: 'campaignTerm',
  content: 'campaignContent',
};

interface Props {
  campaign: CampaignChoice;
  templates: TemplateList;
  finalUrl: string | null;
  changed: boolean;
  onType: (field: UtmField, value: string) => void;
  onTemplate: (template: CampaignTemplate) => void;
}

export function CampaignFields({ campaign, templates, finalUrl, changed, onType, onTemplate }: Props) {
  const offered = templates.state === 'ready' ? templates.templates : [];
  return (
    <fieldset class="campaign">
      <legend>{t('campaignLegend')}</legend>
      {offered.length > 0 && (
        <div class="campaign-templates" role="group" aria-labelledby="campaign-templates-label">
          <span id="campaign-templates-label" class="hint">
            {t('campaignTemplates')}
          </span>
          {offered.map((template) => (
            <button key={template.id} type="button" class="small template-button" title={t('campaignTemplateFill', template.name)} onClick={() => onTemplate(template)}>
              {template.name}
            </button>
          ))}
        </div>
      )}
      {templates.state === 'failed' && <p class="hint">{t('campaignTemplatesFailed')}</p>}
      {templates.state === 'ready' && offered.length === 0 && <p class="hint">{t('campaignTemplatesNone')}</p>}
      <div class="campaign-grid">
        {UTM_FIELDS.map((field) => {
          const problem = campaign.problems[field];
          return (
            <TextField
              key={field}
              id={`utm-${field}`}
              class={`campaign-${field}`}
              label={t(LABELS[field])}
              value={campaign.values[field]}
              placeholder={`utm_${field}`}
              autoComplete="off"
              spellcheck={false}
              error={problem === undefined ? null : utmProblemText(problem, campaign.values[field])}
              onInput={(e) => onType(field, e.currentTarget.value)}
            />
          );
        })}
      </div>
      {finalUrl !== null && (
        <div class="campaign-final">
          <label for="campaign-final-url">{t('campaignFinalUrl')}</label>
          {/* Not read out at every key typed: it is there to be looked at, and read when reached. */}
          <output id="campaign-final-url" class="url" aria-live="off">
            {finalUrl}
          </output>
          {changed && <p class="hint">{t('campaignNewLink')}</p>}
        </div>
      )}
    </fieldset>
  );
}
