/**
 * The popup's customise panel, in place under the link: the short link to
 * make (domain and keyword as one field) and its tags as chips. Loaded when
 * first opened (components/popup/lazy-parts.tsx); its state machine is
 * lib/popup/customise-controller.ts, the link it makes goes through the
 * popup's (lib/popup/controller.ts), which keeps the link shown meanwhile.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createCustomiseController, INITIAL_CUSTOMISE } from '../../lib/popup/customise-controller';
import { t } from '../../lib/i18n/catalogue';
import type { LinkView, Send } from '../../lib/messaging/send-message';
import type { CustomState, DoneExtra } from '../../lib/popup/popup-view';
import { siteHost } from '../../lib/popup/address-text';
import { tagErrorText } from '../../lib/i18n/tags-text';
import { Button } from '../shared/button';
import { ChipTagPicker } from '../shared/chip-tag-picker';
import { CustomiseOutcome } from './customise-outcome';
import { KeywordField } from './keyword-field';

export interface CustomisePanelProps {
  send: Send;
  /** The link the popup shows (tags alone go on it); null while there is none (a keyword is needed). */
  link: LinkView | null;
  /** What became of the last customised link asked for (saving, taken…). */
  custom: CustomState;
  /** What the background said of the link just customised. */
  extra: DoneExtra | undefined;
  serviceHost: string | null;
  /** `domain`: the one chosen in the field ('' the service's own), undefined until the user chooses (the default). */
  onCreate: (keyword: string, tags: string[], domain: string | undefined) => void;
  onChoose: (shortUrl: string, tags: string[], domain: string | undefined) => void;
}

export function CustomisePanel({ send, link, custom, extra, serviceHost, onCreate, onChoose }: CustomisePanelProps) {
  const shown = useRef(link);
  shown.current = link;
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
        createLink: (keyword, tags) => {
          setAsked(keyword);
          onCreate(keyword, tags, domain.current);
        },
      }),
    [],
  );
  useEffect(() => void panel.start(), []);
  // A new link on screen (the customised one): its keyword is made; what is left to change is its tags.
  const linkId = link?.linkId;
  useEffect(() => {
    if (linkId !== undefined) panel.typeKeyword('');
  }, [linkId]);

  const busy = custom.state === 'saving';
  const onlyTags = model.keyword === '' && link !== null;
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
        onChoose={(url) => onChoose(url, model.chosen, domain.current)}
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
      <div class="customise-submit">
        <Button type="submit" variant="primary" disabled={busy || model.keywordProblem !== null || apply.state === 'saving'} aria-busy={busy}>
          {busy ? t('saving') : onlyTags ? t('tagsApply') : t('createCustom')}
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
