import { t } from '../../lib/i18n/catalogue';
import type { ListFilter } from '../../lib/popup/recent-list';

interface Props {
  filter: ListFilter;
  /** Every tag offered, sorted. */
  tags: readonly string[];
  onChange: (filter: ListFilter) => void;
}

/** Text and tag filter of the recent list. */
export function RecentFilter({ filter, tags, onChange }: Props) {
  return (
    <div class="recent-filter">
      <div class="grow">
        <label for="recent-filter-text">{t('recentFilterText')}</label>
        <input
          id="recent-filter-text"
          type="search"
          value={filter.text}
          onInput={(e) => onChange({ ...filter, text: e.currentTarget.value })}
        />
      </div>
      <div>
        <label for="recent-filter-tag">{t('recentFilterTag')}</label>
        <select id="recent-filter-tag" value={filter.tag} onChange={(e) => onChange({ ...filter, tag: e.currentTarget.value })}>
          <option value="">{t('recentAllTags')}</option>
          {tags.map((tag) => (
            <option key={tag} value={tag}>{tag}</option>
          ))}
        </select>
      </div>
    </div>
  );
}
