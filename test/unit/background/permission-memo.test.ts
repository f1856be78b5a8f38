import { describe, expect, it } from 'vitest';
import { createPermissionMemo, type PermissionsApi } from '../../../lib/background/settings/permission-memo';

function fakePermissions(initial: string[]) {
  const grants = new Set(initial);
  const added: (() => void)[] = [];
  const removed: (() => void)[] = [];
  let asked = 0;
  const api: PermissionsApi = {
    contains: async ({ origins }) => {
      asked += 1;
      return origins.every((o) => grants.has(o));
    },
    onAdded: { addListener: (l) => added.push(l) },
    onRemoved: { addListener: (l) => removed.push(l) },
  };
  return {
    api,
    asked: () => asked,
    grant(o: string) { grants.add(o); },
    grantWithEvent(o: string) { grants.add(o); added.forEach((l) => l()); },
    revoke(o: string) { grants.delete(o); removed.forEach((l) => l()); },
  };
}

const ORIGIN = 'http://127.0.0.1/*';

describe('createPermissionMemo', () => {
  it('asks the browser once for a grant, then answers from memory', async () => {
    const browser = fakePermissions([ORIGIN]);
    const memo = createPermissionMemo(browser.api);
    expect(await memo.contains(ORIGIN)).toBe(true);
    expect(await memo.contains(ORIGIN)).toBe(true);
    expect(browser.asked()).toBe(1);
  });

  it('never remembers a refusal: a grant made before its event arrives counts at once', async () => {
    const browser = fakePermissions([]);
    const memo = createPermissionMemo(browser.api);
    expect(await memo.contains(ORIGIN)).toBe(false);
    browser.grant(ORIGIN); // granted on the options page; onAdded not delivered yet
    expect(await memo.contains(ORIGIN)).toBe(true);
  });

  it('forgets grants when one is revoked', async () => {
    const browser = fakePermissions([ORIGIN]);
    const memo = createPermissionMemo(browser.api);
    expect(await memo.contains(ORIGIN)).toBe(true);
    browser.revoke(ORIGIN);
    expect(await memo.contains(ORIGIN)).toBe(false);
    browser.grantWithEvent(ORIGIN);
    expect(await memo.contains(ORIGIN)).toBe(true);
  });
});
