import { useState } from 'preact/hooks';
import { tagProblem } from '../../lib/contract/tag-name';
import type { NewTagProblem, TagList } from '../../lib/tags/list';
import { addTypedDefaultTag, toggleDefaultTag, type DefaultTagsChange } from '../../lib/options/default-tags';
import { t } from '../../lib/i18n/catalogue';
import { TagPicker } from '../shared/tag-picker';

interface Props {
  value: string[];
  tags: TagList;
  onChange: (tags: string[]) => void;
  onReload: () => void;
  /** Another picker of tags by the same rules (a site rule's): its own ids and words. */
  id?: string;
  legend?: string;
  hint?: string;
}

/** Options' default tags: the workspace's tags to tick, or a new one, by the tag rules for what is typed. */
export function DefaultTagsField({ value, tags, onChange, onReload, id = 'default-tags', legend, hint }: Props) {
  const [newTag, setNewTag] = useState('');
  const [problem, setProblem] = useState<NewTagProblem | null>(null);
  const apply = (change: DefaultTagsChange): boolean => {
    if (change.ok) onChange(change.tags);
    else setProblem(change.problem);
    return change.ok;
  };
  return (
    <TagPicker
      id={id}
      legend={legend ?? t('tagsDefaultLegend')}
      hint={hint ?? t('tagsDefaultHint')}
      tags={tags}
      chosen={value}
      newTag={newTag}
      newTagProblem={problem}
      onToggle={(name) => void apply(toggleDefaultTag(value, name))}
      onTypeNew={(name) => {
        setNewTag(name);
        setProblem(name === '' ? null : tagProblem(name));
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
