import { Plus } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { tagErrorText } from '../../lib/i18n/tags-text';
import { loadErrorText, tagsCountText } from '../../lib/i18n/options-text';
import { tagProblemText } from '../../lib/i18n/tag-problem-text';
import type { OptionsTagsController, OptionsTagsModel } from '../../lib/options/tags-controller';
import { Button } from '../shared/button';
import { Card } from '../shared/card';
import { TextField } from '../shared/text-field';
import { LoadError } from './load-error';
import { TagWindow } from '../shared/tag-picker';

interface Props {
  model: OptionsTagsModel;
  tags: OptionsTagsController;
  /** The service's host, named when it cannot be reached (the list, or a tag not created). */
  serviceHost: string;
  onGoToConnection: () => void;
}

/** Options: a form that creates a tag (the popup's tag rules, checked as typed), and the workspace's tags. */
export function TagsSection({ model, tags, serviceHost, onGoToConnection }: Props) {
  const { list, status } = model;
  const problem = model.problem === null ? null : tagProblemText(model.problem);
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
      {list.state === 'ready' && list.names.length > 0 && <h3 class="list-heading">{tagsCountText(list.names.length)}</h3>}
      {list.state === 'ready' && list.names.length > 0 && (
        <TagWindow id="options-tags" listed={list.names}>
          {(shown) =>
            shown.length > 0 && (
              <ul class="tag-list tag-chips" aria-label={t('tagsHeading')}>
                {shown.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            )
          }
        </TagWindow>
      )}
    </div>
  );
}
