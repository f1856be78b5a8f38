import { describe, expect, it } from 'vitest';
import { samePageKey } from '../../../lib/campaign/same-page';

describe('the same page for "You already have a link"', () => {
  it('is the cache\'s normal form: case of the host and a bare slash do not count', () => {
    expect(samePageKey('https://Shop.Example/spring', false)).toBe(samePageKey('https://shop.example/spring', false));
  });

  it('keeps campaign values apart unless told otherwise', () => {
    const a = 'https://shop.example/spring?utm_source=news&id=7';
    const b = 'https://shop.example/spring?id=7&utm_source=x&UTM_Medium=y';
    expect(samePageKey(a, false)).not.toBe(samePageKey(b, false));
    expect(samePageKey(a, true)).toBe(samePageKey('https://shop.example/spring?id=7', true));
    expect(samePageKey(b, true)).toBe(samePageKey('https://shop.example/spring?id=7', true));
  });

  it('never makes other pages one: other parameters and paths still count', () => {
    expect(samePageKey('https://shop.example/spring?id=7&utm_source=a', true)).not.toBe(samePageKey('https://shop.example/spring?id=8', true));
    expect(samePageKey('https://shop.example/spring?utm_source=a', true)).not.toBe(samePageKey('https://shop.example/summer', true));
  });

  it('leaves what it cannot read as it was', () => {
    expect(samePageKey('not a url', true)).toBe('not a url');
  });
});
