/**
 * Whether the browser grants an origin pattern, remembered until the grants
 * change. Asking is an IPC to the browser process, and on a new link it sits
 * in front of the request: while the browser is busy opening the popup it
 * cost ~7 ms of the popup's budget (test/bench/popup-timing.bench.ts).
 *
 * Only grants are remembered. A refusal is asked again every time, because
 * the options page asks for the grant and then messages the background at
 * once: the `onAdded` event may arrive after that message, and a remembered
 * "no" would refuse a connection the user has just allowed.
 */
interface PermissionsEvent {
  addListener(listener: () => void): void;
}

export interface PermissionsApi {
  contains(permissions: { origins: string[] }): Promise<boolean>;
  onAdded: PermissionsEvent;
  onRemoved: PermissionsEvent;
}

export interface PermissionMemo {
  contains(originPattern: string): Promise<boolean>;
}

export function createPermissionMemo(api: PermissionsApi): PermissionMemo {
  const granted = new Set<string>();
  // A revoked grant must be noticed at once; an added one is asked anyway.
  api.onRemoved.addListener(() => granted.clear());
  api.onAdded.addListener(() => granted.clear());
  return {
    async contains(pattern) {
      if (granted.has(pattern)) return true;
      const yes = await api.contains({ origins: [pattern] });
      if (yes) granted.add(pattern);
      return yes;
    },
  };
}
