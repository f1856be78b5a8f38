/**
 * The popup's customise panel, in place under the link: the short link to
 * make (domain and keyword as one field), its tags as chips, and its
 * campaign values with the final URL. Loaded when first opened
 * (components/popup/lazy-parts.tsx); its state machine is
 * lib/popup/customise-controller.ts, the link it makes goes through the
 * popup's (lib/popup/controller.ts), which keeps the link shown meanwhile;
 * the request itself is built here (lib/popup/custom-request.ts), so the
 * popup's first load carries none of it.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createCustomiseController, INITIAL_CUSTOMISE } from '../../lib/popup/customise-controller';
import { customRequest, type CustomBuild } from '../../lib/popup/custom-request';
import { t } from '../../lib/i18n/catalogue';
import type { LinkView, Send } from '../../lib/messaging/send-message';
import type { CustomState, DoneExtra } from '../../lib/popup/popup-view';
import { siteHost } from '../../lib/popup/address-text';
import { tagErrorText } from '../../lib/tags/tags-text';
import { Button } from '../shared/button';
import { ChipTagPicker } from '../shared/chip-tag-picker';
import { CampaignFields } from './campaign-fields';
import { CustomiseOutcome } from './customise-outcome';
import { KeywordField } from './keyword-field';

export interface CustomisePanelProps {
  send: Send;
  /** The URL being customised: the shown link's destination, or the page's. */
  url: string;
  /** The link the popup shows (tags alone go on it); null while there is none (a keyword is needed). */
  link: LinkView | null;
  /** What became of the last customised link asked for (saving, taken…). */
  custom: CustomState;
  /** What the background said of the link just customised. */
  extra: DoneExtra | undefined;
  serviceHost: string | null;
  /** A new link: the popup's controller calls `build` with the URL and the link it made, and sends the request. */
  onCustomise: (build: CustomBuild) => void;
}

export function CustomisePanel({ send, url, link, custom, extra, serviceHost, onCustomise }: CustomisePanelProps) {
  const shown = useRef(link);
  shown.current = link;
  const customised = useRef(url);
  customised.current = url;
  // Read at the submit: the controller is made once, the choice changes after.
  const domain = useRef<string | undefined>(undefined);
  // The keyword last sent: "taken" is said of it, not of one typed since.
  const [asked, setAsked] = useState<string | null>(null);
  const [model, setModel] = useState(INITIAL_CUSTOMISE);
  const panel = useMemo(
    () =>
      createCustomiseController({
        send,
        onChange: setModel,
        link: () => shown.current,
        url: () => customised.current,
        createLink: (ask) => {
          setAsked(ask.keyword);
          // The domain chosen in the field, if any ('' the service's own); absent: the default.
          onCustomise(customRequest(domain.current === undefined ? ask : { ...ask, customDomain: domain.current }));
        },
      }),
    [],
  );
  useEffect(() => void panel.start(), []);
  // A new link on screen (the customised one): its keyword is made, its campaign values are its URL's own;
  // what is left to change is its tags.
  const linkId = link?.linkId;
  useEffect(() => {
    if (linkId !== undefined) panel.linkChanged();
  }, [linkId]);

  const busy = custom.state === 'saving';
  const blocked = Object.keys(model.campaign.problems).length > 0;
  const label = model.keyword !== '' || link === null ? t('createCustom') : model.campaignChanged ? t('campaignCreate') : t('tagsApply');
  const taken = custom.state === 'taken' && asked === model.keyword ? custom.urls : null;
  const { apply } = model;
  return (
    <form
      noValidate
      class="customise-panel"
      aria-label={t('customise')}
      onSubmit={(e) => {
        e.preventDefault();
        void panel.submit();
      }}
    >
      <KeywordField
        send={send}
        serviceHost={serviceHost}
        linkHost={link === null ? null : siteHost(link.shortUrl)}
        keyword={model.keyword}
        problem={model.keywordProblem}
        optional={link !== null}
        taken={taken}
        onInput={panel.typeKeyword}
        onDomain={(d) => (domain.current = d)}
        onChoose={panel.chooseSuggestion}
      />
      <ChipTagPicker
        label={t('tagsLegend')}
        tags={model.tags}
        chosen={model.chosen}
        newTag={model.newTag}
        newTagProblem={model.newTagProblem}
        onToggle={panel.toggleTag}
        onTypeNew={panel.typeNewTag}
        onAdd={panel.addNewTag}
        onReload={() => void panel.reloadTags()}
      />
      <CampaignFields
        campaign={model.campaign}
        templates={model.templates}
        finalUrl={model.finalUrl}
        changed={model.campaignChanged}
        onType={panel.typeCampaign}
        onTemplate={panel.applyTemplate}
      />
      <div class="customise-submit">
        <Button type="submit" variant="primary" disabled={busy || blocked || model.keywordProblem !== null || apply.state === 'saving'} aria-busy={busy}>
          {busy ? t('saving') : label}
        </Button>
        <p role={apply.state === 'failed' ? 'alert' : 'status'} class={apply.state === 'failed' ? 'error grow' : 'ok grow'}>
          {apply.state === 'saving' && t('saving')}
          {apply.state === 'saved' && t('tagsApplied', apply.shortUrl)}
          {apply.state === 'queued' && t('tagsApplyQueued')}
          {apply.state === 'failed' && tagErrorText(apply.error)}
        </p>
      </div>
      {extra && <CustomiseOutcome extra={extra} />}
    </form>
  );
}
