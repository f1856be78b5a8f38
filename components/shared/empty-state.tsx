import type { ComponentChildren } from 'preact';
import type { Icon } from './icon';

interface Props {
  icon?: Icon;
  title: string;
  children?: ComponentChildren;
}

/** What an empty list says: what will be here, and the one thing to do about it. */
export function EmptyState({ icon: IconOf, title, children }: Props) {
  return (
    <div class="empty-state">
      {IconOf && <IconOf size={28} aria-hidden="true" />}
      <h3>{title}</h3>
      {children}
    </div>
  );
}
