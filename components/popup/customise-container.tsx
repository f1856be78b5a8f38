/**
 * The popup's customise panel: keyword, tags, and what became of the last
 * customised link. Loaded on first open (components/popup/customise-lazy.tsx), so
 * the popup's first load carries none of it; its state machine is
 * lib/popup/customise-controller.ts.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createCustomiseController, INITIAL_CUSTOMISE } from '../../lib/popup/customise-controller';
import { t } from '../../lib/i18n/catalogue';
import type { LinkView, Send } from '../../lib/messaging/send-message';
import type { DoneExtra } from '../../lib/popup/controller';
import { tagErrorText } from '../../lib/i18n/tags-text';
import { CustomiseOutcome } from './customise-outcome';
import { DomainPicker } from './domain-picker';
import { KeywordField } from './keyword-field';
import { KeywordSuggestions } from './keyword-suggestions';
import { TagPicker } from '../shared/tag-picker';

export interface CustomisePanelProps {
  send: Send;
  /** The link the popup shows (tags alone go on it); null while there is none (a keyword is needed). */
  link: LinkView | null;
  /** Free alternatives after the service said the keyword is taken; null: not taken. */
  taken: string[] | null;
  /** What the background said of the link just customised. */
  extra: DoneExtra | undefined;
  /** A link is being made: nothing can be sent meanwhile. */
  busy: boolean;
  /** `domain`: the one chosen in the picker ('' the service's own), undefined until the user chooses (the default). */
  onCreate: (keyword: string, tags: string[], domain: string | undefined) => void;
  onChoose: (shortUrl: string, tags: string[], domain: string | undefined) => void;
}

export function CustomisePanel({ send, link, taken, extra, busy, onCreate, onChoose }: CustomisePanelProps) {
  const shown = useRef(link);
  shown.current = link;
  // Read at the submit: the controller is made once, the choice changes after.
  const domain = useRef<string | undefined>(undefined);
  const [model, setModel] = useState(INITIAL_CUSTOMISE);
  const panel = useMemo(
    () =>
      createCustomiseController({
        send,
        onChange: setModel,
        link: () => shown.current,
        createLink: (keyword, tags) => onCreate(keyword, tags, domain.current),
      }),
    [],
  );
  useEffect(() => void panel.start(), []);
  // A new link on screen (the customised one): its keyword is made; what is left to change is its tags.
  const linkId = link?.linkId;
  useEffect(() => {
    if (linkId !== undefined) panel.typeKeyword('');
  }, [linkId]);

  const onlyTags = model.keyword === '' && link !== null;
  const { apply } = model;
  return (
    <form
      noValidate
      class="customise-panel"
      onSubmit={(e) => {
        e.preventDefault();
        void panel.submit();
      }}
    >
      {/* One row of "where the link points": the domain beside the keyword. */}
      <div class="customise-fields row">
        <DomainPicker send={send} onChange={(d) => (domain.current = d)} />
        <KeywordField keyword={model.keyword} problem={model.keywordProblem} optional={link !== null} onInput={panel.typeKeyword} />
      </div>
      <TagPicker
        id="customise-tags"
        legend={t('tagsLegend')}
        tags={model.tags}
        chosen={model.chosen}
        newTag={model.newTag}
        newTagProblem={model.newTagProblem}
        onToggle={panel.toggleTag}
        onTypeNew={panel.typeNewTag}
        onAdd={panel.addNewTag}
        onReload={() => void panel.reloadTags()}
      />
      <div class="row">
        <button type="submit" class="primary" disabled={busy || model.keywordProblem !== null || apply.state === 'saving'}>
          {onlyTags ? t('tagsApply') : t('createCustom')}
        </button>
      </div>
      <p role={apply.state === 'failed' ? 'alert' : 'status'} class={apply.state === 'failed' ? 'error' : 'ok'}>
        {apply.state === 'saving' && t('saving')}
        {apply.state === 'saved' && t('tagsApplied', apply.shortUrl)}
        {apply.state === 'queued' && t('tagsApplyQueued')}
        {apply.state === 'failed' && tagErrorText(apply.error)}
      </p>
      {taken && !busy && <KeywordSuggestions taken={taken} onChoose={(url) => onChoose(url, model.chosen, domain.current)} />}
      {extra && <CustomiseOutcome extra={extra} />}
    </form>
  );
}
