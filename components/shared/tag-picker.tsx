import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { formatCount } from '../../lib/i18n/format';
import type { NewTagProblem, TagList } from '../../lib/tags/list';
import { TAGS_SHOWN, tagWindow } from '../../lib/tags/tag-window';
import { tagErrorText, tagsMoreText } from '../../lib/i18n/tags-text';
import { tagProblemText } from '../../lib/i18n/tag-problem-text';
import { TAGS_PER_LINK_MAX } from '../../lib/contract/tag-name';
import { Button } from './button';

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
  return problem === 'too-many' ? t('errorTooManyTags', formatCount(TAGS_PER_LINK_MAX)) : tagProblemText(problem);
}

interface WindowProps {
  /** Prefix of the find field's id. */
  id: string;
  listed: readonly string[];
  /** Shown even beyond the first tags (the ticked ones). */
  keep?: readonly string[];
  /** Draws the tags to show. */
  children: (shown: string[]) => ComponentChildren;
}

/**
 * A workspace's tags drawn a part at a time (lib/tags/tag-window.ts): a long
 * list gets a field that narrows it and a button that shows the next part,
 * so a workspace with a thousand tags never draws a thousand rows unasked.
 */
export function TagWindow({ id, listed, keep, children }: WindowProps) {
  const [filter, setFilter] = useState('');
  const [parts, setParts] = useState(1);
  const view = tagWindow(listed, { filter, parts, ...(keep === undefined ? {} : { keep }) });
  const long = listed.length > TAGS_SHOWN;
  return (
    <>
      {long && (
        <div class="row">
          <label for={`${id}-find`}>{t('tagsFind')}</label>
          <input
            id={`${id}-find`}
            type="search"
            autoComplete="off"
            value={filter}
            onInput={(e) => {
              setFilter(e.currentTarget.value);
              setParts(1);
            }}
          />
        </div>
      )}
      {children(view.shown)}
      {long && view.matching === 0 && <p class="muted">{t('tagsNoMatch', filter.trim())}</p>}
      {view.next > 0 && (
        <Button size="small" onClick={() => setParts((n) => n + 1)}>
          {tagsMoreText(view.next)}
        </Button>
      )}
    </>
  );
}

/** The workspace's tags as checkboxes, and a field that adds a new one (checked by the tag rules as it is typed). */
export function TagPicker(props: Props) {
  const { id, tags, chosen } = props;
  const listed = tags.state === 'ready' ? tags.names : [];
  // Chosen tags missing from the list (typed ones, defaults) are shown too, marked new, so each can be unticked.
  const fresh = chosen.filter((name) => !listed.includes(name));
  const problem = props.newTagProblem === null ? null : problemText(props.newTagProblem);
  const checkbox = (name: string, isNew: boolean) => (
    <li key={name}>
      <label class="check">
        <input type="checkbox" checked={chosen.includes(name)} onChange={() => props.onToggle(name)} />
        {/* Text from the service is rendered as text, never as markup. */}
        {isNew && tags.state === 'ready' ? t('tagsNewMark', name) : name}
      </label>
    </li>
  );
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
      {tags.state === 'ready' && listed.length === 0 && fresh.length === 0 && <p class="muted">{t('tagsNone')}</p>}
      <TagWindow id={id} listed={listed} keep={chosen}>
        {(shown) =>
          shown.length + fresh.length > 0 && (
            <ul class="tag-list">
              {shown.map((name) => checkbox(name, false))}
              {fresh.map((name) => checkbox(name, true))}
            </ul>
          )
        }
      </TagWindow>
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
