import { Link2 } from 'lucide-preact';
import type { BulkModel } from '../../lib/bulk/controller';
import { domainOptions } from '../../lib/domains/choices';
import { bulkShortenLabel } from '../../lib/i18n/bulk-text';
import { t } from '../../lib/i18n/catalogue';
import { describeError } from '../../lib/i18n/describe-error';
import { Banner } from '../shared/banner';
import { Button } from '../shared/button';
import { ChipTagPicker } from '../shared/chip-tag-picker';
import { DomainSelect } from '../shared/domain-select';

interface Props {
  model: BulkModel;
  onDomain: (domain: string) => void;
  onToggleTag: (name: string) => void;
  onTypeTag: (name: string) => void;
  onAddTag: () => void;
  onReloadTags: () => void;
  onFresh: (fresh: boolean) => void;
  onShorten: () => void;
  onShowRunning: () => void;
}

/** What every link of the batch gets, chosen once, and Shorten. */
export function BatchOptions({ model, ...on }: Props) {
  const list = model.analysis?.list;
  const count = list?.valid.length ?? 0;
  const setUp = model.domainChoices.status === 'done' ? model.domainChoices.domains : [];
  const ready = list !== undefined && count > 0 && !list.tooMany && !model.analysing;
  return (
    <section aria-labelledby="bulk-options-heading" class="bulk-options">
      <h2 id="bulk-options-heading">{t('bulkOptionsHeading')}</h2>
      <div class="bulk-option-grid">
        <div class="field">
          <label for="bulk-domain">{t('bulkDomainLabel')}</label>
          <DomainSelect
            id="bulk-domain"
            options={domainOptions(setUp, model.domain)}
            value={model.domain}
            disabled={model.domainChoices.status === 'loading'}
            ownDomain={model.serviceHost.replace(/:\d+$/, '')}
            onChange={on.onDomain}
          />
        </div>
        <ChipTagPicker
          label={t('bulkTagsLabel')}
          hint={t('bulkTagsHint')}
          tags={model.tagList}
          chosen={model.tags.chosen}
          newTag={model.tags.newTag}
          newTagProblem={model.tags.newTagProblem}
          onToggle={on.onToggleTag}
          onTypeNew={on.onTypeTag}
          onAdd={on.onAddTag}
          onReload={on.onReloadTags}
        />
      </div>
      <label class="check">
        <input type="checkbox" name="fresh" checked={model.fresh} onChange={(e) => on.onFresh(e.currentTarget.checked)} />
        {t('bulkFresh')}
      </label>
      <p class="hint">{t('bulkKnownNote')}</p>
      {model.busy && <Banner tone="warn" action={{ label: t('bulkShowRunning'), onClick: on.onShowRunning }}>{t('bulkBusy')}</Banner>}
      {model.error !== null && (
        <Banner tone="error">
          <p>{describeError(model.error).what}</p>
          <p>{describeError(model.error).todo}</p>
        </Banner>
      )}
      <div class="row">
        <Button id="bulk-shorten" variant="primary" size="large" icon={Link2} disabled={!ready || model.starting} aria-busy={model.starting} onClick={on.onShorten}>
          {model.starting ? t('bulkStarting') : bulkShortenLabel(count)}
        </Button>
      </div>
    </section>
  );
}
