import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Link } from '../../../lib/contract/schemas';
import { LinkViewSchema, linkOfWire, listedOfWire } from '../../../lib/storage/link-shape';
import { toLinkView } from '../../../lib/storage/link-view';

const wire = (over: Partial<Link> = {}): Link => ({
  _id: 'l1',
  workspaceId: 'w1',
  shortUrl: 'https://sho.rt/spring',
  longUrl: 'https://shop.example/spring',
  linkActive: true,
  tags: ['sale'],
  totalClicks: 97,
  destinationUrlMetaData: { title: '  Spring sale  ' },
  createdBy: 'u',
  modifiedBy: 'u',
  createdDate: '2026-11-01T09:00:00.000Z',
  ...over,
});

describe('the one link shape', () => {
  it('takes the wire link once: its workspace kept on the device, its title trimmed', () => {
    expect(linkOfWire(wire())).toEqual({
      linkId: 'l1',
      shortUrl: 'https://sho.rt/spring',
      longUrl: 'https://shop.example/spring',
      createdDate: '2026-11-01T09:00:00.000Z',
      workspaceId: 'w1',
      clicks: 97,
      tags: ['sale'],
      title: 'Spring sale',
    });
  });

  it('has no title when the service found only blanks', () => {
    expect(linkOfWire(wire({ destinationUrlMetaData: { title: '   ' } }))).not.toHaveProperty('title');
  });

  it('tells pages everything but the workspace', () => {
    const view = listedOfWire(wire());
    expect(view).not.toHaveProperty('workspaceId');
    expect(view).toEqual(toLinkView(linkOfWire(wire())));
    expect(v.parse(LinkViewSchema, view)).toEqual(view);
  });

  it('checks an answer against the same shape: what it does not name is dropped, a wrong type refused', () => {
    const view = { ...listedOfWire(wire()), secret: 'x' };
    expect(v.parse(LinkViewSchema, view)).not.toHaveProperty('secret');
    expect(v.safeParse(LinkViewSchema, { ...view, clicks: '97' }).success).toBe(false);
  });
});
