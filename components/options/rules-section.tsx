import { t } from '../../lib/i18n/catalogue';
import { linkSetupStatusText } from '../../lib/options/link-setup-text';
import type { Send } from '../../lib/messaging/send-message';
import type { LinkSetupController, LinkSetupModel, LinkSetupStatus } from '../../lib/options/link-setup-controller';
import type { TagList } from '../../lib/tags/list';
import { Banner } from '../shared/banner';
import { Card } from '../shared/card';
import { RuleForm } from './rule-form';
import { RuleTestBox } from './rule-test-box';
import { RulesPart } from './rules-part';
import { TemplatesPart } from './templates-part';

const PART_STATUSES: readonly LinkSetupStatus['kind'][] = ['template-in-use', 'templates-full', 'rules-full'];

interface Props {
  model: LinkSetupModel;
  controller: LinkSetupController;
  /** The active profile's name, said so the user knows whose lists these are. */
  profileName: string;
  /** The user's cleaning setting (null while it loads: taken as on, the default). */
  cleanLinks: boolean;
  tags: TagList;
  onReloadTags: () => void;
  send: Send;
  serviceHost: string;
  /** Changes when the workspace's domains may have: the rule form's domain list is read again. */
  domainsKey: string;
}

/** Options: the active profile's campaign templates, its site rules in order, and a box that says what would apply to a URL. */
export function RulesSection({ model, controller, profileName, cleanLinks, tags, onReloadTags, send, serviceHost, domainsKey }: Props) {
  const { setup, status } = model;
  // A refusal about one part is said in that part (templates-part.tsx, rules-part.tsx), beside what it is about.
  const said = status === null || PART_STATUSES.includes(status.kind) ? null : linkSetupStatusText(status);
  if (model.loadFailed) {
    return (
      <Banner tone="error" action={{ label: t('tryAgain'), onClick: () => model.profileId !== null && void controller.load(model.profileId) }}>
        <p>{t('rulesLoadFailed')}</p>
      </Banner>
    );
  }
  if (setup === null) return <p role="status" class="muted">{t('loading')}</p>;
  return (
    <div class="rules-section" aria-busy={model.saving ? 'true' : undefined}>
      {profileName !== '' && <p class="muted rules-profile">{t('rulesProfile', profileName)}</p>}
      <p id="rules-status" role={said?.failed ? 'alert' : 'status'} class={said?.failed ? 'error' : 'ok'}>
        {said?.text ?? ''}
      </p>
      <Card class="settings-card">
        <TemplatesPart model={model} templates={setup.templates} controller={controller} />
      </Card>
      <Card class="settings-card">
        <RulesPart
          model={model}
          rules={setup.rules}
          templates={setup.templates}
          controller={controller}
          serviceHost={serviceHost}
          form={
            model.ruleEdit && (
              <RuleForm
                key={model.ruleEdit.draft.id}
                edit={model.ruleEdit}
                savedPattern={setup.rules.find((r) => r.id === model.ruleEdit?.draft.id)?.pattern ?? ''}
                saving={model.saving}
                controller={controller}
                templates={setup.templates}
                tags={tags}
                onReloadTags={onReloadTags}
                send={send}
                serviceHost={serviceHost}
                reloadKey={domainsKey}
              />
            )
          }
        />
      </Card>
      <RuleTestBox value={model.testUrl} setup={setup} cleanLinks={cleanLinks} serviceHost={serviceHost} onType={(url) => controller.typeTestUrl(url)} />
    </div>
  );
}
