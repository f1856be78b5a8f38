import { emptyText } from '../../lib/i18n/analytics-text';
import type { EmptyReason } from '../../lib/analytics-view/types';

/** Why a block has no chart, in words, under the block's heading. */
export function EmptyState({ title, reason }: { title: string; reason: EmptyReason }) {
  return (
    <section class="block" data-empty={reason}>
      <h2>{title}</h2>
      <p class="muted">{emptyText(reason)}</p>
    </section>
  );
}
