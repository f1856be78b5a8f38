import type { BlockId } from './block-id';
import { BLOCKS } from './registry';
import type { BlockView } from './types';

export interface BlockResult {
  readonly id: BlockId;
  readonly view: BlockView;
}

/**
 * Every block of an analytics answer as a chart spec or an empty-state code,
 * in panel order. `data` is the service's answer as received: nothing about
 * it is trusted, and nothing here throws.
 */
export function readAnalytics(data: unknown): readonly BlockResult[] {
  return BLOCKS.map((block) => ({ id: block.id, view: readOne(block.read, data) }));
}

/** One block of the answer, as readAnalytics reads it: for a page that shows a few blocks before the others. */
export function readBlock(data: unknown, id: BlockId): BlockView {
  const block = BLOCKS.find((b) => b.id === id);
  return block === undefined ? { status: 'none', reason: 'missing' } : readOne(block.read, data);
}

function readOne(read: (root: unknown) => BlockView, data: unknown): BlockView {
  try {
    return read(data);
  } catch {
    // Only a hostile object (a throwing getter, a Proxy) gets here: JSON.parse output cannot throw on reading.
    return { status: 'none', reason: 'malformed' };
  }
}
