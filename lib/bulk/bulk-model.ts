/**
 * What the bulk page shows, as plain data (./controller.ts changes it,
 * entrypoints/bulk/ draws it): the text and its list, the links already
 * shortened, the batch's choices, and the batch once it runs.
 */
import type { BulkInput } from '../batch/bulk-input';
import type { BulkText, TextFormat } from '../batch/batch-types';
import type { Choices } from '../domains/load-choices';
import type { AnswerOf, ErrorView } from '../messaging/send-message';
import { tagChoice, type TagChoice } from '../tags/tag-choice';
import type { TagList } from '../tags/list';
import type { Analysis } from './analyse';
import type { InputProblem } from './input-check';
import type { KnownCheck, KnownElsewhere } from './known-lookup';

export type BatchView = NonNullable<AnswerOf<'bulkBatch'>['batch']>;
export type BulkItemView = AnswerOf<'bulkBatch'>['items'][number];

/** Where the text came from: the page's own field, a file, or a menu's or the popup's URLs. */
export type BulkSource = 'typed' | 'file' | 'tabs' | 'selection';

export interface BulkModel {
  view: 'loading' | 'not-configured' | 'compose' | 'batch';
  /** The service's host: its own short domain (refused as a destination) and the domain picker's first choice. */
  serviceHost: string;
  text: string;
  format: TextFormat;
  source: BulkSource;
  fileName: string | null;
  /** Titles by URL (normal form), from tabs and anchors. */
  titles: Readonly<Record<string, string>>;
  problem: InputProblem | null;
  analysing: boolean;
  analysis: Analysis | null;
  /** Links of the workspace the extension has seen for these URLs (normal form), on the chosen domain. */
  known: Readonly<Record<string, string>>;
  /** URLs with no link here but one in another profile: "You already have a link to this page in …". */
  elsewhere: Readonly<Record<string, KnownElsewhere>>;
  /** URLs that cleaning or a site rule changes, to what is sent instead (the page asks the background, which holds the rules). */
  cleaned: Readonly<Record<string, string>>;
  /** Whether "already shortened" could be checked, and against what. */
  knownCheck: KnownCheck;
  /** Tracking parameters removed (true) or kept (false) for the whole batch; null: as the profile's setting (and site rules) say. */
  clean: boolean | null;
  /** The profile's own cleaning setting: the switch's state until the user flips it. */
  cleanDefault: boolean;
  /** '' for the service's own domain. */
  domain: string;
  domainChoices: Choices;
  tags: TagChoice;
  tagList: TagList;
  /** New links even for URLs already shortened. */
  fresh: boolean;
  starting: boolean;
  /** Why the batch could not start. */
  error: ErrorView | null;
  /** Another batch runs (in another tab): one at a time. */
  busy: boolean;
  batch: BatchView | null;
  /** The batch's items by their index. */
  items: BulkItemView[];
  batchText: BulkText | null;
  timeLeftMs: number | null;
  cancelled: AnswerOf<'bulkCancel'> | null;
  /** `refused`: links not written because the short link was not a plain address. */
  replaced: { text: string; count: number; refused: number } | 'working' | null;
  /** URLs handed to the page while a batch ran: the next batch starts from them. */
  pendingInput: BulkInput | null;
}

export const INITIAL_BULK: BulkModel = {
  view: 'loading',
  serviceHost: '',
  text: '',
  format: 'text',
  source: 'typed',
  fileName: null,
  titles: {},
  problem: null,
  analysing: false,
  analysis: null,
  known: {},
  elsewhere: {},
  cleaned: {},
  knownCheck: { state: 'idle' },
  clean: null,
  cleanDefault: true,
  domain: '',
  domainChoices: { status: 'loading' },
  tags: tagChoice(),
  tagList: { state: 'loading' },
  fresh: false,
  starting: false,
  error: null,
  busy: false,
  batch: null,
  items: [],
  batchText: null,
  timeLeftMs: null,
  cancelled: null,
  replaced: null,
  pendingInput: null,
};

