import { Search } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { ListFilter } from '../../lib/popup/recent-list';

interface Props {
  filter: ListFilter;
  /** Every tag offered, sorted; none: no tag choice. */
  tags: readonly string[];
  onChange: (filter: ListFilter) => void;
}

/** The recent list's search and tag filter, as one compact bar. */
export function RecentFilter({ filter, tags, onChange }: Props) {
  return (
    <div class="recent-bar">
      <div class="recent-search">
        <Search size={16} aria-hidden="true" />
        <input
          type="search"
          aria-label={t('recentFilterText')}
          placeholder={t('recentSearchPlaceholder')}
          value={filter.text}
          onInput={(e) => onChange({ ...filter, text: e.currentTarget.value })}
        />
      </div>
      {tags.length > 0 && (
        <select aria-label={t('recentFilterTag')} value={filter.tag} onChange={(e) => onChange({ ...filter, tag: e.currentTarget.value })}>
          <option value="">{t('recentAllTags')}</option>
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
