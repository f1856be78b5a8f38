/**
 * "Shorten the links in this text box": the field the user right-clicked is
 * read in the page (./field-edit.ts), its URLs found and judged by the bulk
 * page's code (lib/menus/field-links.ts), each distinct one shortened by the
 * flow every way in shares (the profile's cleaning and site rule, a link
 * already made reused from the cache, the offline queue and its idempotency
 * key), and every URL replaced by its short link in one undoable edit, with
 * the markup of a rich editor kept. A notification counts what changed.
 *
 * More than FIELD_URLS_MAX distinct URLs go to the bulk page instead, with
 * the field's text. The field must still hold what was read when the links
 * come back: if the user typed meanwhile (or the page refuses the edit),
 * nothing is overwritten, and the text with its short links is copied.
 */
import type { BulkInput } from '../../batch/bulk-input';
import { MAX_TEXT_BYTES } from '../../batch/limits';
import { openBulk } from '../../batch/open-bulk';
import { t } from '../../i18n/catalogue';
import type { ShortenAnswer } from '../../messaging/send-message';
import { applyField, planField, type FieldSegment } from '../../menus/field-links';
import { fieldCountsText, type FieldCounts } from '../../menus/field-links-text';
import { fieldRefusalText } from '../../menus/paste-text';
import { isConfigured, type Connection } from '../../storage/settings';
import type { ShortenRequest } from '../links/shorten';
import type { Clipboard } from '../clipboard';
import { notify } from '../notify';
import { inField, type FieldAnswer, type FieldOp, type FieldPlace } from './field-edit';
import { problemText } from './quick-shorten';

/** The text read from a field, at most: what the bulk page takes (2 MiB), so a field sent there is not cut. */
export const FIELD_READ_CHARS = MAX_TEXT_BYTES;

export interface FieldLinksDeps {
  shorten: (request: ShortenRequest) => Promise<ShortenAnswer>;
  clipboard: Clipboard;
  getConnection: () => Promise<Connection>;
  /** Replaced in tests: the page's field and the bulk page. */
  edit?: (place: FieldPlace, op: FieldOp) => Promise<FieldAnswer | null>;
  openBulk?: (input: BulkInput) => Promise<void>;
}

/** What became of the click, for tests. */
export type FieldLinksOutcome = 'not-connected' | 'unreachable' | 'refused' | 'too-long' | 'bulk' | 'nothing' | 'written' | 'copied';

export async function shortenFieldLinks(place: FieldPlace | null, deps: FieldLinksDeps): Promise<FieldLinksOutcome> {
  const id = `shortlink-field-${Date.now()}`;
  const edit = deps.edit ?? inField;
  const conn = await deps.getConnection();
  if (!isConfigured(conn)) {
    await notify(id, 'fieldLinksNoneTitle', t('notConfigured'));
    return 'not-connected';
  }
  const read = place === null ? null : await edit(place, { op: 'read', maxChars: FIELD_READ_CHARS });
  if (read === null || (read.status !== 'plain' && read.status !== 'rich')) {
    const said = read?.status === 'no-field' ? t('fieldLinksNoField') : fieldRefusalText(read?.status === 'refused' ? read.reason : 'unreachable');
    await notify(id, 'fieldLinksNoneTitle', said);
    return read === null ? 'unreachable' : 'refused';
  }
  const segments: FieldSegment[] = read.status === 'plain' ? [{ at: 0, text: read.text, breakBefore: false }] : read.segments;
  if (segments.reduce((sum, s) => sum + s.text.length, 0) > FIELD_READ_CHARS) {
    await notify(id, 'fieldLinksNoneTitle', t('fieldLinksTooLong'));
    return 'too-long';
  }
  const plan = planField(segments, [new URL(conn.baseUrl).host]);
  if (plan.tooMany) {
    // The bulk page lists each URL, follows the batch, and gives the text back with Replace in text.
    await (deps.openBulk ?? openBulk)({ source: 'selection', entries: [], text: plan.text });
    return 'bulk';
  }
  const refusedInText = plan.list.refused.reduce((sum, r) => sum + r.count, 0) + plan.split;
  if (plan.list.valid.length === 0) {
    const said = plan.found.length + plan.split === 0 ? t('fieldLinksNoLinks') : fieldCountsText({ replaced: 0, refused: refusedInText, waiting: 0, failed: 0 });
    await notify(id, 'fieldLinksNoneTitle', said);
    return 'nothing';
  }

  // Each distinct URL once, all at once: the queue sends a few at a time and joins a request already under way.
  const answers = await Promise.all(plan.list.valid.map(async (entry) => ({ entry, answer: await deps.shorten({ url: entry.url, keywordType: 'HASH', copy: false, strict: true }) })));
  const shortOf = new Map<string, string>();
  const counts: FieldCounts = { replaced: 0, refused: refusedInText, waiting: 0, failed: 0 };
  let firstFailure: string | null = null;
  for (const { entry, answer } of answers) {
    if (answer.status === 'done') shortOf.set(entry.url, answer.link.shortUrl);
    else if (answer.status === 'queued') counts.waiting += entry.count;
    else if (answer.status === 'invalid-url') counts.refused += entry.count;
    else {
      counts.failed += entry.count;
      firstFailure ??= problemText(answer);
    }
  }
  const result = applyField(segments, plan, (key) => shortOf.get(key));
  counts.replaced = result.replaced;
  counts.refused += result.refused;
  const said = [fieldCountsText(counts), ...(counts.waiting > 0 ? [t('fieldLinksWaitingHint')] : []), ...(firstFailure !== null ? [firstFailure] : [])];
  if (result.changes.length === 0) {
    await notify(id, 'fieldLinksNoneTitle', said.join(' '));
    return 'nothing';
  }

  const op: FieldOp =
    read.status === 'plain'
      ? { op: 'write-plain', expected: read.text, text: result.after[0]! }
      : { op: 'write-rich', total: read.total, expected: segments.map(({ at, text }) => ({ at, text })), changes: result.changes, after: result.after.join('') };
  const written = await edit(place!, op);
  if (written?.status === 'done') {
    await notify(id, 'fieldLinksDoneTitle', [...said, ...(written.how === 'set' ? [t('fieldLinksSetNote')] : [])].join(' '));
    return 'written';
  }
  const copied = await deps.clipboard.copy(result.text);
  const why = written?.status === 'changed' ? t('fieldLinksChanged') : fieldRefusalText(written?.status === 'refused' ? written.reason : 'unreachable');
  await notify(id, 'fieldLinksCopiedTitle', [why, ...said, copied ? t('fieldLinksCopied') : t('fieldLinksNotCopied')].join(' '));
  return 'copied';
}
