/** The Tags section's list of the workspace's tags, drawn a part at a time (lib/tags/tag-window.ts). */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { TAGS_SHOWN, tagWindow } from '../../lib/tags/tag-window';
import { tagsMoreText } from '../../lib/tags/tags-text';
import { Button } from '../shared/button';

interface Props {
  /** Prefix of the find field's id. */
  id: string;
  listed: readonly string[];
  /** Draws the tags to show. */
  children: (shown: string[]) => ComponentChildren;
}

/**
 * A long list gets a field that narrows it and a button that shows the next
 * part, so a workspace with a thousand tags never draws a thousand rows unasked.
 */
export function TagWindow({ id, listed, children }: Props) {
  const [filter, setFilter] = useState('');
  const [parts, setParts] = useState(1);
  const view = tagWindow(listed, { filter, parts });
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
