import { Activity, ArrowDownUp, Globe, Inbox, Link, Megaphone, Palette, Plug, Tags } from 'lucide-preact';
import { t, type MessageKey } from '../../lib/i18n/catalogue';
import { formatCount, pluralForm } from '../../lib/i18n/format';
import type { OptionsSectionId } from '../../lib/options/sections';
import { OPTIONS_SECTIONS, sectionOf } from '../../lib/options/sections';
import type { Icon } from '../shared/icon';
import { SectionNav } from '../shared/section-nav';

interface Props {
  current: OptionsSectionId;
  /** Items in the waiting queue: shown beside its name. */
  waiting: number;
  onSelect: (id: OptionsSectionId) => void;
}

const ENTRIES: Record<OptionsSectionId, { label: MessageKey; icon: Icon }> = {
  connection: { label: 'connectionHeading', icon: Plug },
  shortening: { label: 'defaultsHeading', icon: Link },
  appearance: { label: 'appearanceHeading', icon: Palette },
  domains: { label: 'domainsHeading', icon: Globe },
  tags: { label: 'tagsHeading', icon: Tags },
  rules: { label: 'rulesHeading', icon: Megaphone },
  watch: { label: 'watchHeading', icon: Activity },
  queue: { label: 'queueHeading', icon: Inbox },
  file: { label: 'profilesFileHeading', icon: ArrowDownUp },
};

/** The options page's sections: a sidebar on a wide window, wrapped tabs above the section on a narrow one. */
export function OptionsNav({ current, waiting, onSelect }: Props) {
  const sections = OPTIONS_SECTIONS.map((id) => ({
    id,
    label: t(ENTRIES[id].label),
    icon: ENTRIES[id].icon,
    ...(id === 'queue' ? { count: { value: waiting, label: t(pluralForm(waiting) === 'one' ? 'queueNavCountOne' : 'queueNavCount', formatCount(waiting)) } } : {}),
  }));
  return <SectionNav label={t('optionsNavLabel')} sections={sections} current={current} onSelect={(id) => onSelect(sectionOf(id))} />;
}
