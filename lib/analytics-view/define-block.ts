import * as v from 'valibot';
import type { BlockId } from './block-id';
import { locate } from './block-path';
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
export function defineBlock<TData extends v.GenericSchema>(
  id: BlockId,
  path: readonly string[],
  data: TData,
  build: (input: BlockInput<v.InferOutput<TData>>) => ChartSpec | null,
): BlockEntry {
  const schema = lenientBlock(data);
  return {
    id,
    path,
    read(root) {
      const located = locate(root, path);
      if (!located.found) return { status: 'none', reason: located.reason };
      const parsed = v.safeParse(schema, located.value);
      if (!parsed.success) return { status: 'none', reason: 'malformed' };
      // valibot cannot resolve an object's output type while TData is still generic; the parse above made it so.
      const { chart, display, data: blockData } = parsed.output as { chart?: string; display?: DisplayTexts; data: v.InferOutput<TData> };
      const spec = build({ data: blockData, hint: chart, display: display ?? {} });
      return spec === null ? { status: 'none', reason: 'empty' } : { status: 'chart', spec };
    },
  };
}
