import type { Icon } from './icon';

export interface NavSection {
  id: string;
  label: string;
  icon?: Icon;
  /** A count shown beside the name (waiting items), with its words for screen readers. */
  count?: { value: number; label: string };
}

interface Props {
  label: string;
  sections: readonly NavSection[];
  current: string;
  onSelect: (id: string) => void;
}

/** A page's sections as links (`#id`): the current one is marked for screen readers too. */
export function SectionNav({ label, sections, current, onSelect }: Props) {
  return (
    <nav class="section-nav" aria-label={label}>
      <ul>
        {sections.map(({ id, label: name, icon: IconOf, count }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              aria-current={id === current ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onSelect(id);
              }}
            >
              {IconOf && <IconOf size={16} aria-hidden="true" />}
              {name}
              {count !== undefined && count.value > 0 && (
                <span class="count" aria-label={count.label}>
                  {count.value}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
