import { Link2 } from 'lucide-preact';
import type { BulkModel } from '../../lib/bulk/controller';
import { domainOptions } from '../../lib/domains/choices';
import { knownCheckText } from '../../lib/bulk/bulk-line-text';
import { bulkShortenLabel } from '../../lib/bulk/bulk-text';
import { newAndReused } from '../../lib/bulk/new-and-reused';
import { t } from '../../lib/i18n/catalogue';
import { describeError } from '../../lib/i18n/describe-error';
import { Banner } from '../shared/banner';
import { Button } from '../shared/button';
import { ChipTagPicker } from '../shared/chip-tag-picker';
import { DomainSelect } from '../shared/domain-select';
import { Switch } from '../shared/switch';

interface Props {
  model: BulkModel;
  onDomain: (domain: string) => void;
  onToggleTag: (name: string) => void;
  onTypeTag: (name: string) => void;
  onAddTag: () => void;
  onReloadTags: () => void;
  onFresh: (fresh: boolean) => void;
  onClean: (clean: boolean) => void;
  onShorten: () => void;
  onShowRunning: () => void;
}

/** What every link of the batch gets, chosen once (domain, tags, cleaning), and Shorten with its new and reused links counted apart. */
export function BatchOptions({ model, ...on }: Props) {
  const list = model.analysis?.list;
  const count = list?.valid.length ?? 0;
  const counts = model.analysis === null ? { fresh: 0, reused: 0 } : newAndReused(model.analysis.list, model.known, model.fresh);
  const checked = knownCheckText(model.knownCheck, model.serviceHost.replace(/:\d+$/, ''));
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
      <Switch id="bulk-clean" label={t('bulkClean')} hint={t('bulkCleanHint')} checked={model.clean ?? model.cleanDefault} onChange={on.onClean} />
      <label class="check">
        <input type="checkbox" name="fresh" checked={model.fresh} onChange={(e) => on.onFresh(e.currentTarget.checked)} />
        {t('bulkFresh')}
      </label>
      {checked !== null && (
        <p id="bulk-known-check" class="hint" role="status">
          {checked}
        </p>
      )}
      {model.busy && <Banner tone="warn" action={{ label: t('bulkShowRunning'), onClick: on.onShowRunning }}>{t('bulkBusy')}</Banner>}
      {model.error !== null && (
        <Banner tone="error">
          <p>{describeError(model.error).what}</p>
          <p>{describeError(model.error).todo}</p>
        </Banner>
      )}
      <div class="row">
        <Button
          id="bulk-shorten"
          variant="primary"
          size="large"
          icon={Link2}
          disabled={!ready || model.starting}
          aria-busy={model.starting}
          aria-describedby={count === 0 ? 'bulk-shorten-hint' : undefined}
          onClick={on.onShorten}
        >
          {model.starting ? t('bulkStarting') : bulkShortenLabel(counts.fresh, counts.reused)}
        </Button>
      </div>
      {count === 0 && (
        <p id="bulk-shorten-hint" class="hint">
          {t('bulkShortenNothingHint')}
        </p>
      )}
    </section>
  );
}
