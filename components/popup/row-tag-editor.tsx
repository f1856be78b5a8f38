import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { ListRow } from '../../lib/popup/recent-list';
import { addNewTag, tagChoice, toggleTag, typeNewTag, type TagChoice } from '../../lib/tags/tag-choice';
import type { TagList } from '../../lib/tags/list';
import { Button } from '../shared/button';
import { ChipTagPicker } from '../shared/chip-tag-picker';

interface Props {
  row: ListRow;
  tags: TagList;
  onSave: (tags: string[]) => void;
  onCancel: () => void;
}

/** A recent link's tags, edited in place with the same chip picker as the customise panel. */
export function RowTagEditor({ row, tags, onSave, onCancel }: Props) {
  const [choice, setChoice] = useState<TagChoice>(() => tagChoice(row.tags));
  return (
    <form
      class="row-panel"
      onSubmit={(e) => {
        e.preventDefault();
        // A tag typed but not yet added goes with the others, if the rules allow it.
        const final = choice.newTag.trim() === '' ? choice : addNewTag(choice);
        if (final.newTagProblem === null) onSave(final.chosen);
        else setChoice(final);
      }}
    >
      <ChipTagPicker
        label={t('recentTagsInput', row.shortUrl)}
        tags={tags}
        chosen={choice.chosen}
        newTag={choice.newTag}
        newTagProblem={choice.newTagProblem}
        autoFocus
        onToggle={(name) => setChoice((c) => toggleTag(c, name))}
        onTypeNew={(text) => setChoice((c) => typeNewTag(c, text))}
        onAdd={() => setChoice(addNewTag)}
        onReload={() => undefined}
      />
      <div class="row-buttons">
        <Button type="submit" variant="primary" size="small" disabled={choice.newTagProblem !== null}>
          {t('recentSaveTags')}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('recentCancel')}
        </Button>
      </div>
    </form>
  );
}
