/**
 * What the options page's profile form, defaults and queue sections draw,
 * and the one handle the controller's parts change it through. Statuses are
 * codes; lib/options/options-text.ts words them.
 */
import type { PreferencesView, QueueStatus, TestConnectionAnswer } from '../messaging/send-message';
import type { ProfileFieldProblem } from '../messaging/protocol/profiles';
import type { ConnectionCodeProblem } from '../contract/connection-code';

/** What the profile form shows. */
export interface ProfileDraft {
  name: string;
  baseUrl: string;
  token: string;
  workspaceId: string;
}

export type DraftField = keyof ProfileDraft;
export type DraftProblems = Partial<Record<DraftField, ProfileFieldProblem>>;

/** A stored profile, as the options page knows it. */
export interface ProfileEntry extends ProfileDraft {
  id: string;
}

export type ConnectionStatus =
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'not-allowed'; origin: string }
  /** `count`: how many fields are marked. */
  | { kind: 'fix-fields'; count: number }
  /** The service was asked before saving and said no: the field's problem, worded in the status line too. */
  | { kind: 'check-failed'; problem: ProfileFieldProblem; message?: string }
  | { kind: 'enter-token'; name: string }
  | { kind: 'testing' }
  | { kind: 'tested'; answer: TestConnectionAnswer; workspaceId: string }
  | { kind: 'internal' };

export interface OptionsModel {
  /** What the profile fields show. */
  connection: ProfileDraft;
  /** What is stored of the profile being edited; null for a new one. */
  saved: ProfileDraft | null;
  /** The profile being edited; null: a new one. */
  editingId: string | null;
  /** The service's own words for a 'service-error' problem. */
  serviceMessage?: string;
  problems: DraftProblems;
  /** A connection code pasted to fill the fields (./profile-form.ts, fillFromCode). */
  code: string;
  /** Why the pasted code filled nothing; null while there is no problem. */
  codeProblem: ConnectionCodeProblem | null;
  status: ConnectionStatus | null;
  busy: boolean;
  /** null while loading. */
  prefs: PreferencesView | null;
  /** Where the last change of the preferences stands; null before any. */
  prefsStatus: 'saving' | 'saved' | 'failed' | null;
  queue: QueueStatus | null;
  /** "Retry all" is being sent. */
  retrying: boolean;
  /** The item whose "Retry now" is being sent. */
  retryingId: string | null;
  /** The clock the queue's relative times are read against; moves while items wait. */
  now: number;
}

export const EMPTY_DRAFT: ProfileDraft = { name: '', baseUrl: '', token: '', workspaceId: '' };

export const INITIAL_OPTIONS: OptionsModel = {
  connection: EMPTY_DRAFT,
  saved: null,
  editingId: null,
  problems: {},
  code: '',
  codeProblem: null,
  status: null,
  busy: false,
  prefs: null,
  prefsStatus: null,
  queue: null,
  retrying: false,
  retryingId: null,
  now: 0,
};

export interface OptionsState {
  model(): OptionsModel;
  /** Changes the model and hands the new one to the page. */
  set(patch: Partial<OptionsModel>): void;
}
