/**
 * The options page's state machine, without Preact or the browser: load,
 * save the connection (asking for the service's host permission in the same
 * click), test it (saving unsaved edits first, so the test checks what is on
 * screen), save the defaults, and follow the offline queue. Statuses are
 * codes; lib/options-text.ts words them.
 */
import {
  validateConnection,
  type ConnectionInput,
  type ConnectionProblems,
} from './connection-rules';
import { originPatternOf } from './host-permission';
import type { PreferencesView, QueueStatus, Send, TestConnectionAnswer } from './messages';

export type ConnectionStatus =
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'saved-no-permission'; origin: string }
  | { kind: 'fix-fields' }
  | { kind: 'testing' }
  | { kind: 'tested'; answer: TestConnectionAnswer; workspaceId: string }
  | { kind: 'internal' };

export interface OptionsModel {
  /** What the connection fields show. */
  connection: ConnectionInput;
  /** What is stored; null before the first save. */
  saved: ConnectionInput | null;
  problems: ConnectionProblems;
  status: ConnectionStatus | null;
  busy: boolean;
  /** null while loading. */
  prefs: PreferencesView | null;
  prefsStatus: 'saved' | 'failed' | null;
  queue: QueueStatus | null;
  /** "Retry all" is being sent. */
  retrying: boolean;
  /** The item whose "Retry now" is being sent. */
  retryingId: string | null;
  /** The clock the queue's relative times are read against; moves while items wait. */
  now: number;
}

export interface OptionsDeps {
  send: Send;
  /** Asks the browser for a host permission; must be called within the user's click. */
  requestPermission: (originPattern: string) => Promise<boolean>;
  /** Calls back when the queue changed; returns how to stop. */
  watchQueue: (changed: () => void) => () => void;
  onChange: (model: OptionsModel) => void;
  /** Replaced in tests. */
  now?: () => number;
  /** Calls `tick` every `ms`; returns how to stop. Replaced in tests. */
  every?: (ms: number, tick: () => void) => () => void;
}

/** "Next try in 40 seconds" goes stale: the relative times are read again this often while items wait. */
export const QUEUE_CLOCK_MS = 10_000;

const everyInterval = (ms: number, tick: () => void): (() => void) => {
  const timer = setInterval(tick, ms);
  return () => clearInterval(timer);
};

const EMPTY: ConnectionInput = { baseUrl: '', token: '', workspaceId: '' };

export const INITIAL_OPTIONS: OptionsModel = {
  connection: EMPTY,
  saved: null,
  problems: {},
  status: null,
  busy: false,
  prefs: null,
  prefsStatus: null,
  queue: null,
  retrying: false,
  retryingId: null,
  now: 0,
};

export interface OptionsController {
  /** Loads settings and the queue, and follows the queue; returns how to stop following. */
  start(): () => void;
  edit(connection: ConnectionInput): void;
  /** Call straight from the click: the permission prompt needs the user's gesture. Resolves true when saved and allowed. */
  save(): Promise<boolean>;
  test(): Promise<void>;
  /** Edits shown on screen that are not stored yet: the page asks before it is closed with them. */
  unsaved(): boolean;
  editPrefs(prefs: PreferencesView): void;
  savePrefs(): Promise<void>;
  /** "Retry all". */
  retryQueue(): Promise<void>;
  /** "Retry now" on one item. */
  retryItem(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  model(): OptionsModel;
}

export function createOptionsController(deps: OptionsDeps): OptionsController {
  const now = deps.now ?? Date.now;
  let model: OptionsModel = { ...INITIAL_OPTIONS, now: now() };
  const set = (patch: Partial<OptionsModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };

  const showQueue = (queue: QueueStatus) => set({ queue, now: now() });
  const refreshQueue = () => {
    deps.send('queueStatus', {}).then(showQueue, () => undefined);
  };

  /** The fields differ from what is stored (nothing stored: something is typed). */
  function unsaved(): boolean {
    const { connection } = model;
    const stored = model.saved ?? EMPTY;
    return (
      stored.baseUrl !== connection.baseUrl.trim() ||
      stored.token !== connection.token.trim() ||
      stored.workspaceId !== connection.workspaceId.trim()
    );
  }

  function save(): Promise<boolean> {
    const verdict = validateConnection(model.connection);
    const pattern = verdict.ok ? originPatternOf(verdict.value.baseUrl) : null;
    if (!verdict.ok || pattern === null) {
      set({ problems: verdict.ok ? { baseUrl: 'base-url-invalid' } : verdict.problems, status: { kind: 'fix-fields' } });
      return Promise.resolve(false);
    }
    const value = verdict.value;
    // Asked before anything is awaited: after an await the click no longer counts as a gesture.
    const granted = deps.requestPermission(pattern).catch(() => false);
    set({ problems: {}, busy: true, status: { kind: 'saving' } });
    return (async () => {
      try {
        const answer = await deps.send('saveConnection', value);
        if (!answer.ok) {
          set({ problems: answer.problems, status: { kind: 'fix-fields' }, busy: false });
          return false;
        }
        const ok = await granted;
        set({
          saved: value,
          connection: value,
          busy: false,
          status: ok ? { kind: 'saved' } : { kind: 'saved-no-permission', origin: new URL(value.baseUrl).origin },
        });
        refreshQueue();
        return ok;
      } catch {
        set({ status: { kind: 'internal' }, busy: false });
        return false;
      }
    })();
  }

  return {
    model: () => model,
    unsaved,
    save,

    start() {
      deps.send('getSettings', {}).then(
        (settings) =>
          set({
            prefs: settings.preferences,
            ...(settings.connection ? { connection: settings.connection, saved: settings.connection } : {}),
          }),
        () => set({ status: { kind: 'internal' } }),
      );
      refreshQueue();
      const unwatch = deps.watchQueue(refreshQueue);
      // Only while something waits: an empty list has no times to keep fresh.
      const stopClock = (deps.every ?? everyInterval)(QUEUE_CLOCK_MS, () => {
        if ((model.queue?.items.length ?? 0) > 0) set({ now: now() });
      });
      return () => {
        unwatch();
        stopClock();
      };
    },

    edit(connection) {
      set({ connection });
    },

    async test() {
      // Unsaved edits are saved first, so the test checks what is on screen.
      if ((model.saved === null || unsaved()) && !(await save())) return;
      set({ busy: true, status: { kind: 'testing' } });
      try {
        const answer = await deps.send('testConnection', {});
        set({ status: { kind: 'tested', answer, workspaceId: model.connection.workspaceId.trim() } });
      } catch {
        set({ status: { kind: 'internal' } });
      } finally {
        set({ busy: false });
      }
    },

    editPrefs(prefs) {
      set({ prefs, prefsStatus: null });
    },

    async savePrefs() {
      if (!model.prefs) return;
      try {
        await deps.send('savePreferences', model.prefs);
        set({ prefsStatus: 'saved' });
      } catch {
        set({ prefsStatus: 'failed' });
      }
    },

    async retryQueue() {
      set({ retrying: true });
      try {
        showQueue(await deps.send('retryQueue', {}));
      } catch {
        // The list stays as it was; the queue's own change event refreshes it.
      } finally {
        set({ retrying: false });
      }
    },

    async retryItem(id) {
      set({ retryingId: id });
      try {
        showQueue(await deps.send('retryQueue', { id }));
      } catch {
        // As for Retry all: the queue's own change event refreshes the list.
      } finally {
        set({ retryingId: null });
      }
    },

    async discard(id) {
      try {
        showQueue(await deps.send('discardQueueItem', { id }));
      } catch {
        refreshQueue();
      }
    },
  };
}
