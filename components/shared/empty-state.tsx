import type { ComponentChildren } from 'preact';
import type { Icon } from './icon';

interface Props {
  icon?: Icon;
  title: string;
  /** The title's heading level, to fit the page's outline (a section of its own is an h2). */
  level?: 2 | 3;
  children?: ComponentChildren;
}

/** What an empty list says: what will be here, and the one thing to do about it. */
export function EmptyState({ icon: IconOf, title, level = 3, children }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div class="empty-state">
      {IconOf && <IconOf size={28} aria-hidden="true" />}
      <Heading>{title}</Heading>
      {children}
    </div>
  );
}
