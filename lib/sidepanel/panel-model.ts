/**
 * What the side panel draws (entrypoints/sidepanel/ renders it, the parts in
 * components/sidepanel/ show pieces of it), and the one handle the
 * controller's parts change it through. Reasons are codes; the page words them.
 */
import type { CachedAnalytics } from '../storage/analytics-cache';
import type { ErrorView } from '../messaging/send-message';
import type { LinkView, ListedLink } from '../storage/link-shape';

export type { LinkView };

export type Target =
  | { kind: 'none' }
  /** `from`: the page's `?linkId=`, the active tab, or the picker. */
  | { kind: 'link'; linkId: string; from: 'param' | 'tab' | 'picker' }
  | { kind: 'pick' };

export interface Figures extends CachedAnalytics {
  /** Whether they came from the cache and no refresh has answered yet. */
  readonly cached: boolean;
}

/**
 * What the panel knows of the link shown, for its header: from the device's
 * link cache at once, then from the workspace's list (title, clicks, tags).
 */
/** Finding the link's facts: under way, done, or not in the workspace's list (or the list could not be read). */
export type LinkLookup = 'looking' | 'found' | 'not-found' | 'failed';

/** A link of the switcher: a row of the workspace's list. */
export type PickerLink = ListedLink;

export interface PickerState {
  readonly links: readonly PickerLink[];
  readonly nextCursor: number | null;
  readonly loading: boolean;
  readonly error: ErrorView | null;
  readonly query: string;
}

/** Whether the panel may follow the active tab: it needs the optional `tabs` permission. */
export type TabAccess = 'granted' | 'not-granted' | 'unsupported';

export interface PanelModel {
  readonly target: Target;
  /** The link shown, as far as it is known; null until something is. */
  readonly link: LinkView | null;
  readonly lookup: LinkLookup;
  /** The service's host, for "can't reach <host>"; null before the profile is read. */
  readonly host: string | null;
  readonly figures: Figures | null;
  /** The service answered for this link since it was shown: until then nothing is sent for it (the lead and sale forms). */
  readonly answered: boolean;
  readonly refreshing: boolean;
  /** Why the last refresh failed; the figures (if any) stay. */
  readonly error: ErrorView | null;
  /** The browser is offline (navigator.onLine false); a service that does not answer is an `error`. */
  readonly offline: boolean;
  readonly notConfigured: boolean;
  /** The clock "updated N s ago" is measured against. */
  readonly now: number;
  readonly picker: PickerState;
  readonly tabAccess: TabAccess;
}

/** A send that threw: the background gave no answer at all. */
export const INTERNAL: ErrorView = { kind: 'internal', message: '' };

export interface PanelState {
  model(): PanelModel;
  /** Changes the model and hands the new one to the page. */
  set(patch: Partial<PanelModel>): void;
  /** The panel was closed: nothing more is sent or scheduled, and late answers change nothing that matters. */
  stopped(): boolean;
  stop(): void;
}

export function createPanelState(initial: PanelModel, onChange: (model: PanelModel) => void): PanelState {
  let model = initial;
  let stopped = false;
  return {
    model: () => model,
    set(patch) {
      model = { ...model, ...patch };
      onChange(model);
    },
    stopped: () => stopped,
    stop() {
      stopped = true;
    },
  };
}
