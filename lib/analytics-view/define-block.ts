import type { BlockId } from './block-id';
import { locate } from './block-path';
import { INVALID, type Guard } from './guards';
import { lenientBlock, type DisplayTexts } from './lenient-schemas';
import type { BlockView, ChartSpec } from './types';

export interface BlockInput<TData> {
  readonly data: TData;
  readonly hint: string | undefined;
  readonly display: DisplayTexts;
}

export interface BlockEntry {
  readonly id: BlockId;
  /** Where the block sits in the analytics `data`. */
  readonly path: readonly string[];
  read(root: unknown): BlockView;
}

/**
 * One block's reader: find it, validate it alone, build its spec. Each block
 * is checked on its own so that one bad block never blanks the others.
 */
export function defineBlock<TData>(
  id: BlockId,
  path: readonly string[],
  data: Guard<TData>,
  build: (input: BlockInput<TData>) => ChartSpec | null,
): BlockEntry {
  const schema = lenientBlock(data);
  return {
    id,
    path,
    read(root) {
      const located = locate(root, path);
      if (!located.found) return { status: 'none', reason: located.reason };
      const parsed = schema(located.value);
      if (parsed === INVALID) return { status: 'none', reason: 'malformed' };
      const display: DisplayTexts = parsed.display;
      const spec = build({ data: parsed.data, hint: parsed.chart, display });
      return spec === null ? { status: 'none', reason: 'empty' } : { status: 'chart', spec };
    },
  };
}
