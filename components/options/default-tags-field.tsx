import { useState } from 'preact/hooks';
import { TAGS_PER_LINK_MAX, tagProblem } from '../../lib/contract/tag-name';
import type { NewTagProblem, TagList } from '../../lib/tags/list';
import { t } from '../../lib/i18n/catalogue';
import { TagPicker } from '../shared/tag-picker';

interface Props {
  value: string[];
  tags: TagList;
  onChange: (tags: string[]) => void;
  onReload: () => void;
}

/** Options' default tags: the workspace's tags to tick, or a new one, by the popup's tag rules. */
export function DefaultTagsField({ value, tags, onChange, onReload }: Props) {
  const [newTag, setNewTag] = useState('');
  const [problem, setProblem] = useState<NewTagProblem | null>(null);
  const add = () => {
    const found = tagProblem(newTag) ?? (value.length >= TAGS_PER_LINK_MAX ? 'too-many' : null);
    setProblem(found);
    if (found !== null) return;
    const name = newTag.trim();
    if (!value.includes(name)) onChange([...value, name]);
    setNewTag('');
  };
  return (
    <TagPicker
      id="default-tags"
      legend={t('tagsDefaultLegend')}
      hint={t('tagsDefaultHint')}
      tags={tags}
      chosen={value}
      newTag={newTag}
      newTagProblem={problem}
      onToggle={(name) => {
        if (value.includes(name)) onChange(value.filter((v) => v !== name));
        else if (value.length >= TAGS_PER_LINK_MAX) setProblem('too-many');
        else onChange([...value, name]);
      }}
      onTypeNew={(name) => {
        setNewTag(name);
        setProblem(name === '' ? null : tagProblem(name));
      }}
      onAdd={add}
      onReload={onReload}
    />
  );
}
