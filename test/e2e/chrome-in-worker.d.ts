/**
 * The parts of the extension's `chrome` global that e2e specs evaluate in
 * the service worker or extension pages. Those functions run in the browser;
 * this only types them for the Node side.
 */
interface ChromeInWorker {
  storage: {
    local: {
      set(items: Record<string, unknown>): Promise<void>;
      get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
    };
  };
  action: { getBadgeText(details: Record<string, never>): Promise<string> };
  contextMenus: {
    onClicked: {
      dispatch(info: { menuItemId: string; linkUrl: string; editable: boolean; pageUrl: string }, tab?: unknown): void;
    };
  };
}

declare const chrome: ChromeInWorker;
