/**
 * The bulk page's progress card says why a running batch waits when the
 * service refused the profile's token, and offers the way to fix it. The
 * component uses no hooks, so its element tree is read as it returns it.
 */
import type { ComponentChildren, VNode } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BatchProgress } from '../../../components/bulk/batch-progress';
import { Banner } from '../../../components/shared/banner';
import type { BatchView } from '../../../lib/bulk/controller';
import catalogue from '../../../public/_locales/en/messages.json';
import { useCatalogue } from '../fixtures/catalogue';

const batch: BatchView = {
  id: 'b1',
  state: 'running',
  createdAt: 0,
  total: 3,
  counts: { waiting: 3, made: 0, reused: 0, failed: 0, cancelled: 0 },
  rev: 2,
  customDomain: null,
  tags: [],
  fresh: false,
};

/** Every element in the tree, depth first. */
function elements(node: ComponentChildren): VNode[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (node === null || typeof node !== 'object' || !('props' in node)) return [];
  const vnode = node as VNode<{ children?: ComponentChildren }>;
  return [vnode, ...elements(vnode.props.children)];
}

const text = (node: ComponentChildren): string =>
  Array.isArray(node) ? node.map(text).join('') : typeof node === 'string' || typeof node === 'number' ? String(node) : node && typeof node === 'object' && 'props' in node ? text((node as VNode<{ children?: ComponentChildren }>).props.children) : '';

function show(view: BatchView) {
  const onFixToken = vi.fn();
  const tree = BatchProgress({ batch: view, timeLeftMs: null, onCancel: vi.fn(), onNewBatch: vi.fn(), onFixToken });
  const banners = elements(tree).filter((e) => e.type === Banner) as VNode<{ action?: { label: string; onClick: () => void }; children?: ComponentChildren }>[];
  return { banners, onFixToken };
}

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

describe('BatchProgress', () => {
  it('a batch waiting for a refused token says why, and its action opens the way to fix it', () => {
    const { banners, onFixToken } = show({ ...batch, pausedForToken: true });
    expect(banners).toHaveLength(1);
    expect(text(banners[0]!.props.children)).toBe(catalogue.bulkPausedForToken.message);
    expect(banners[0]!.props.action?.label).toBe(catalogue.bulkPausedFix.message);
    banners[0]!.props.action?.onClick();
    expect(onFixToken).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['running, token taken', batch],
    ['cancelled while paused', { ...batch, state: 'cancelled' as const, pausedForToken: true as const }],
  ])('%s: no such word', (_label, view) => {
    expect(show(view).banners).toHaveLength(0);
  });
});
