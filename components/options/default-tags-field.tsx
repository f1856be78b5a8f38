/** Options' default tags (and a site rule's tags): the popup's chip picker, by the tag rules and the limit per link. */
import { useState } from 'preact/hooks';
import { tagProblem } from '../../lib/contract/tag-name';
import type { NewTagProblem, TagList } from '../../lib/tags/list';
import { addTypedDefaultTag, toggleDefaultTag, type DefaultTagsChange } from '../../lib/options/default-tags';
import { t } from '../../lib/i18n/catalogue';
import { ChipTagPicker } from '../shared/chip-tag-picker';

interface Props {
  value: string[];
  tags: TagList;
  onChange: (tags: string[]) => void;
  onReload: () => void;
  /** Another picker of tags by the same rules (a site rule's): its own words. */
  label?: string;
  hint?: string;
}

/** The chosen tags as chips; a workspace tag found as it is typed, or a new one added by the tag rules. */
export function DefaultTagsField({ value, tags, onChange, onReload, label, hint }: Props) {
  const [newTag, setNewTag] = useState('');
  const [problem, setProblem] = useState<NewTagProblem | null>(null);
  const apply = (change: DefaultTagsChange): boolean => {
    if (change.ok) {
      onChange(change.tags);
      setProblem(null);
    } else setProblem(change.problem);
    return change.ok;
  };
  return (
    <ChipTagPicker
      label={label ?? t('tagsDefaultLegend')}
      hint={hint ?? t('tagsDefaultHint')}
      tags={tags}
      chosen={value}
      newTag={newTag}
      newTagProblem={problem}
      onToggle={(name) => void apply(toggleDefaultTag(value, name))}
      onTypeNew={(name) => {
        setNewTag(name);
        // Emptied after a pick: a pick refused for the limit keeps saying so.
        setProblem((was) => (name === '' ? (was === 'too-many' ? was : null) : tagProblem(name)));
      }}
      onAdd={() => {
        if (!apply(addTypedDefaultTag(value, newTag))) return;
        setNewTag('');
        setProblem(null);
      }}
      onReload={onReload}
    />
  );
}
