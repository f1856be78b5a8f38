import { emptyText } from '../../lib/analytics-view/analytics-text';
import type { EmptyReason } from '../../lib/analytics-view/types';

interface Props {
  reason: EmptyReason;
  /** The block's heading, named in the words when its figures could not be read. */
  title: string;
  /** The link's total clicks, for a block that counts none of them. */
  total: number | null;
}

/**
 * Why a block has nothing to draw, in words, where its chart would be: a
 * block that could not be read says so and which one, never "nothing yet".
 */
export function BlockProblem({ reason, title, total }: Props) {
  return (
    <p class={reason === 'empty' ? 'muted block-problem' : 'block-problem unread'} data-empty={reason}>
      {emptyText(reason, title, total)}
    </p>
  );
}
