import { X } from 'lucide-preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { formatCount } from '../../lib/i18n/format';
import type { NewTagProblem, TagList } from '../../lib/tags/list';
import { tagSuggestions } from '../../lib/tags/suggestions';
import { tagErrorText } from '../../lib/tags/tags-text';
import { tagProblemText } from '../../lib/i18n/tag-problem-text';
import { TAGS_PER_LINK_MAX } from '../../lib/contract/tag-name';

interface Props {
  label: string;
  hint?: string;
  tags: TagList;
  chosen: readonly string[];
  newTag: string;
  newTagProblem: NewTagProblem | null;
  /** Adds a listed tag that is not chosen, or removes a chosen one. */
  onToggle: (name: string) => void;
  onTypeNew: (name: string) => void;
  /** Adds the typed tag (checked by the tag rules). */
  onAdd: () => void;
  onReload: () => void;
  /** Focus the field when the picker appears (an editor opened from a menu). */
  autoFocus?: boolean;
}

function problemText(problem: NewTagProblem): string {
  return problem === 'too-many' ? t('errorTooManyTags', formatCount(TAGS_PER_LINK_MAX)) : tagProblemText(problem);
}

/**
 * The chosen tags as chips, and one field that finds a workspace tag as it is
 * typed or adds a new one (the combobox pattern: typing or ArrowDown shows
 * the suggestions, arrows pick one, Enter adds it or the typed text,
 * Backspace in an empty field removes the last chip, Escape closes the list).
 * A workspace may hold a thousand tags: the list shows only the few that match
 * what is typed (lib/tags/suggestions.ts), never the whole list. Tag names
 * are shown as text, never markup.
 */
export function ChipTagPicker(props: Props) {
  const id = useId();
  const { tags, chosen, newTag } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const field = useRef<HTMLInputElement>(null);
  // Preact leaves `autofocus` to the browser, which honours it only as a page loads.
  useEffect(() => {
    if (props.autoFocus) field.current?.focus();
  }, []);
  const listed = tags.state === 'ready' ? tags.names : [];
  const suggestions = tagSuggestions(listed, chosen, newTag);
  const showList = open && suggestions.length > 0;
  const problem = props.newTagProblem === null ? null : problemText(props.newTagProblem);
  // The option chosen with the arrows stays in view in the list's own scroll area.
  useEffect(() => {
    if (showList && active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [showList, active]);

  const pick = (name: string) => {
    props.onToggle(name);
    props.onTypeNew('');
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter') {
      // Enter adds the tag; it must not submit the form around the picker. The list then closes,
      // so it covers nothing below until the user types again (or presses ArrowDown).
      event.preventDefault();
      const suggestion = showList ? suggestions[active] : undefined;
      if (suggestion !== undefined) pick(suggestion);
      else if (newTag.trim() !== '') props.onAdd();
      setOpen(false);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && newTag === '' && chosen.length > 0) {
      props.onToggle(chosen[chosen.length - 1] as string);
    }
  };

  return (
    <div class="field chip-tag-picker">
      <label for={`${id}-input`}>{props.label}</label>
      <div class={problem ? 'tag-editor invalid' : 'tag-editor'}>
        {chosen.length > 0 && (
          <ul class="chips" aria-label={t('tagsChosen')}>
            {chosen.map((name) => (
              <li key={name} class="chip">
                <span title={name}>{name}</span>
                <button type="button" aria-label={t('tagsRemove', name)} title={t('tagsRemove', name)} onClick={() => props.onToggle(name)}>
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          ref={field}
          autoComplete="off"
          placeholder={chosen.length === 0 ? t('tagsPlaceholder') : undefined}
          value={newTag}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-help`}
          onInput={(event) => {
            props.onTypeNew(event.currentTarget.value);
            // Suggestions follow what is typed; ArrowDown shows them all. An empty field shows none, so
            // the list never covers what is below the picker unasked.
            setOpen(event.currentTarget.value.trim() !== '');
            setActive(-1);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={`${id}-list`} role="listbox" aria-label={t('tagsSuggestions')} class="suggestions" hidden={!showList}>
          {suggestions.map((name, index) => (
            <li
              key={name}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              // Chosen before the field's blur closes the list.
              onPointerDown={(event) => {
                event.preventDefault();
                pick(name);
              }}
            >
              {name}
            </li>
          ))}
        </ul>
      </div>
      <div id={`${id}-help`} aria-live="polite">
        {problem !== null && <p class="field-message error">{problem}</p>}
        {problem === null && props.hint && <p class="field-message hint">{props.hint}</p>}
        {tags.state === 'loading' && <p class="field-message hint">{t('tagsLoading')}</p>}
        {tags.state === 'ready' && tags.cachedAt !== undefined && <p class="field-message hint">{t('tagsOffline')}</p>}
      </div>
      {tags.state === 'failed' && (
        <div role="alert" class="row">
          <p class="error grow">{t('tagsLoadFailed', tagErrorText(tags.error))}</p>
          <button type="button" class="small" onClick={props.onReload}>
            {t('tagsReload')}
          </button>
        </div>
      )}
    </div>
  );
}
