import { t } from '../../lib/i18n/catalogue';
import type { OptionsTagsController, OptionsTagsModel } from '../../lib/options/tags-controller';
import { tagErrorText } from '../../lib/i18n/tags-text';
import { tagProblemText } from '../../lib/i18n/tag-problem-text';
import { TagWindow } from '../shared/tag-picker';

interface Props {
  model: OptionsTagsModel;
  tags: OptionsTagsController;
}

/** Options: the workspace's tags, and a form that creates one (the popup's tag rules, checked as typed). */
export function TagsSection({ model, tags }: Props) {
  const { list, status } = model;
  const problem = model.problem === null ? null : tagProblemText(model.problem);
  return (
    <div>
      {list.state === 'loading' && <p role="status" class="muted">{t('tagsLoading')}</p>}
      {list.state === 'failed' && (
        <div role="alert">
          <p class="error">{t('tagsLoadFailed', tagErrorText(list.error))}</p>
          <button type="button" onClick={() => void tags.load()}>{t('tagsReload')}</button>
        </div>
      )}
      {list.state === 'ready' && list.cachedAt !== undefined && <p role="status" class="muted">{t('tagsOffline')}</p>}
      {list.state === 'ready' && list.names.length === 0 && <p class="muted">{t('tagsNone')}</p>}
      {list.state === 'ready' && list.names.length > 0 && (
        <TagWindow id="options-tags" listed={list.names}>
          {(shown) =>
            shown.length > 0 && (
              <ul class="tag-list" aria-label={t('tagsHeading')}>
                {shown.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            )
          }
        </TagWindow>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void tags.create();
        }}
      >
        <label for="options-new-tag">{t('tagsNewLabel')}</label>
        <div class="row">
          <input
            id="options-new-tag"
            type="text"
            value={model.newTag}
            autoComplete="off"
            aria-invalid={problem !== null}
            aria-describedby="options-new-tag-help"
            onInput={(e) => tags.type(e.currentTarget.value)}
          />
          <button type="submit" disabled={status?.kind === 'creating'}>
            {status?.kind === 'creating' ? t('tagsCreating') : t('tagsCreate')}
          </button>
        </div>
        <p id="options-new-tag-help" class={problem ? 'error' : 'hint'} aria-live="polite">{problem ?? ''}</p>
        <p role={status?.kind === 'failed' ? 'alert' : 'status'} class={status?.kind === 'failed' ? 'error' : 'ok'}>
          {status?.kind === 'created' && t('tagsCreated', status.tag)}
          {status?.kind === 'queued' && t('tagsCreateQueued', status.tag)}
          {status?.kind === 'failed' && tagErrorText(status.error)}
        </p>
      </form>
    </div>
  );
}
