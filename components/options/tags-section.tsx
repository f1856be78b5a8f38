/** Options: a form that creates a tag (the popup's tag rules, checked as typed), and the workspace's tags with how many loaded links carry each. */
import { Plus } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { tagErrorText, tagLinkCountText, tagsCountedText } from '../../lib/tags/tags-text';
import { loadErrorText, tagsCountText } from '../../lib/options/options-text';
import { tagProblemText } from '../../lib/i18n/tag-problem-text';
import type { CountsView, OptionsTagsController, OptionsTagsModel } from '../../lib/options/tags-controller';
import { Button } from '../shared/button';
import { Card } from '../shared/card';
import { TextField } from '../shared/text-field';
import { LoadError } from './load-error';
import { TagWindow } from './tag-window';

interface Props {
  model: OptionsTagsModel;
  tags: OptionsTagsController;
  /** The service's host, named when it cannot be reached (the list, or a tag not created). */
  serviceHost: string;
  onGoToConnection: () => void;
}

/** What the counts cover, or that they are being read, or could not be. */
function CountsNote({ counts, onMore }: { counts: CountsView; onMore: () => void }) {
  if (counts.state === 'loading') return <p role="status" class="muted">{t('tagsCounting')}</p>;
  if (counts.state === 'failed') return <p class="muted">{t('tagsCountsFailed')}</p>;
  const { links, partial } = counts.counts;
  return (
    <div class="row tag-counts-note">
      <p class="muted grow" role="status">
        {tagsCountedText(links, partial)}
      </p>
      {partial && (
        <Button size="small" onClick={onMore} disabled={counts.loadingMore === true}>
          {t('tagsCountMore')}
        </Button>
      )}
    </div>
  );
}

export function TagsSection({ model, tags, serviceHost, onGoToConnection }: Props) {
  const { list, status, counts } = model;
  const problem = model.problem === null ? null : tagProblemText(model.problem);
  const countOf = (name: string) => (counts.state === 'ready' ? (counts.counts.byTag.get(name) ?? 0) : null);
  return (
    <div>
      <Card class="form-card">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void tags.create();
          }}
        >
          <TextField
            id="options-new-tag"
            label={t('tagsNewLabel')}
            value={model.newTag}
            autoComplete="off"
            error={problem}
            onInput={(e) => tags.type(e.currentTarget.value)}
            suffix={
              <Button type="submit" variant="primary" icon={Plus} class="field-button" disabled={status?.kind === 'creating'}>
                {status?.kind === 'creating' ? t('tagsCreating') : t('tagsCreate')}
              </Button>
            }
          />
          <p role={status?.kind === 'failed' ? 'alert' : 'status'} class={status?.kind === 'failed' ? 'error' : 'ok'}>
            {status?.kind === 'created' && t('tagsCreated', status.tag)}
            {status?.kind === 'queued' && t('tagsCreateQueued', status.tag)}
            {status?.kind === 'failed' && tagErrorText(status.error, (error) => loadErrorText(error, serviceHost))}
          </p>
        </form>
      </Card>
      {list.state === 'loading' && <p role="status" class="muted">{t('tagsLoading')}</p>}
      {list.state === 'failed' && (
        <LoadError what={t('tagsListFailed')} error={list.error} host={serviceHost} onRetry={() => void tags.load()} onGoToConnection={onGoToConnection} />
      )}
      {list.state === 'ready' && list.cachedAt !== undefined && <p role="status" class="muted">{t('tagsOffline')}</p>}
      {list.state === 'ready' && list.names.length === 0 && <p class="muted">{t('tagsNoneYet')}</p>}
      {list.state === 'ready' && list.names.length > 0 && (
        <>
          <h3 class="list-heading">{tagsCountText(list.names.length)}</h3>
          <CountsNote counts={counts} onMore={() => void tags.countMore()} />
          <p class="hint">{t('tagsNoRenameDelete')}</p>
          <TagWindow id="options-tags" listed={list.names}>
            {(shown) =>
              shown.length > 0 && (
                <ul class="tag-list tag-chips" aria-label={t('tagsHeading')}>
                  {shown.map((name) => {
                    const count = countOf(name);
                    return (
                      <li key={name}>
                        {/* Text from the service is rendered as text, never as markup. */}
                        <span class="tag-name">{name}</span>
                        {count !== null && <span class="tag-count">{tagLinkCountText(count)}</span>}
                      </li>
                    );
                  })}
                </ul>
              )
            }
          </TagWindow>
        </>
      )}
    </div>
  );
}
