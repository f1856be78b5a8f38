import { t } from '../../lib/i18n/catalogue';
import type { NewTagProblem, TagList } from '../../lib/tags/list';
import { tagErrorText } from '../../lib/i18n/tags-text';
import { tagProblemText } from '../../lib/i18n/tag-problem-text';
import { TAGS_PER_LINK_MAX } from '../../lib/contract/tag-name';

interface Props {
  /** Prefix of the fields' ids: the popup and the options page each have their own picker. */
  id: string;
  legend: string;
  hint?: string;
  tags: TagList;
  chosen: readonly string[];
  newTag: string;
  newTagProblem: NewTagProblem | null;
  onToggle: (name: string) => void;
  onTypeNew: (name: string) => void;
  onAdd: () => void;
  onReload: () => void;
}

function problemText(problem: NewTagProblem): string {
  return problem === 'too-many' ? t('errorTooManyTags', TAGS_PER_LINK_MAX) : tagProblemText(problem);
}

/** The workspace's tags as checkboxes, and a field that adds a new one (checked by the tag rules as it is typed). */
export function TagPicker(props: Props) {
  const { id, tags, chosen } = props;
  const listed = tags.state === 'ready' ? tags.names : [];
  // Chosen tags missing from the list (typed ones, defaults) are shown too, marked new, so each can be unticked.
  const fresh = tags.state === 'ready' ? chosen.filter((name) => !listed.includes(name)) : [];
  const names = [...listed, ...chosen.filter((name) => !listed.includes(name))];
  const problem = props.newTagProblem === null ? null : problemText(props.newTagProblem);
  return (
    <fieldset class="tag-picker">
      <legend>{props.legend}</legend>
      {props.hint && <p class="hint">{props.hint}</p>}
      {tags.state === 'loading' && <p role="status" class="muted">{t('tagsLoading')}</p>}
      {tags.state === 'failed' && (
        <div role="alert">
          <p class="error">{t('tagsLoadFailed', tagErrorText(tags.error))}</p>
          <button type="button" onClick={props.onReload}>{t('tagsReload')}</button>
        </div>
      )}
      {tags.state === 'ready' && tags.cachedAt !== undefined && <p role="status" class="muted">{t('tagsOffline')}</p>}
      {tags.state === 'ready' && names.length === 0 && <p class="muted">{t('tagsNone')}</p>}
      {names.length > 0 && (
        <ul class="tag-list">
          {names.map((name) => (
            <li key={name}>
              <label class="check">
                <input type="checkbox" checked={chosen.includes(name)} onChange={() => props.onToggle(name)} />
                {/* Text from the service is rendered as text, never as markup. */}
                {fresh.includes(name) ? t('tagsNewMark', name) : name}
              </label>
            </li>
          ))}
        </ul>
      )}
      <label for={`${id}-new`}>{t('tagsNewLabel')}</label>
      <div class="row">
        <input
          id={`${id}-new`}
          type="text"
          value={props.newTag}
          autoComplete="off"
          aria-invalid={problem !== null}
          aria-describedby={`${id}-new-help`}
          onInput={(e) => props.onTypeNew(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter adds the tag; it must not submit the form around the picker.
            if (e.key === 'Enter') {
              e.preventDefault();
              props.onAdd();
            }
          }}
        />
        <button type="button" onClick={props.onAdd}>{t('tagsAdd')}</button>
      </div>
      <p id={`${id}-new-help`} class={problem ? 'error' : 'hint'} aria-live="polite">{problem ?? ''}</p>
    </fieldset>
  );
}
