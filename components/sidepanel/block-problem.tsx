import { emptyText } from '../../lib/i18n/analytics-text';
import type { EmptyReason } from '../../lib/analytics-view/types';

/** Why a block has nothing to draw, in words, where its chart would be. */
export function BlockProblem({ reason }: { reason: EmptyReason }) {
  return (
    <p class="muted block-problem" data-empty={reason}>
      {emptyText(reason)}
    </p>
  );
}
