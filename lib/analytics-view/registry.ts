import type { BlockEntry } from './define-block';
import { ADVANCED_BLOCKS } from './registry-advanced';
import { FIGURE_BLOCKS } from './registry-figures';
import { RANKED_BLOCKS } from './registry-ranked';
import { TIME_BLOCKS } from './registry-time';

/** Every block of the analytics object, in the order the side panel shows them. */
export const BLOCKS: readonly BlockEntry[] = [...FIGURE_BLOCKS, ...TIME_BLOCKS, ...RANKED_BLOCKS, ...ADVANCED_BLOCKS];
