/** The tag area's codes in the user's words (popup customise panel, options Tags section). */
import { describeError } from '../i18n/describe-error';
import { t } from '../i18n/catalogue';
import { formatCount, pluralForm } from '../i18n/format';
import type { ErrorView } from '../messaging/send-message';
import { tagProblemText } from '../i18n/tag-problem-text';

/** The code lib/background/links/tags.ts gives a tag list that breaks the tag rules or the wire format. */
const TAGS_MALFORMED = 'TAGS_MALFORMED';

/**
 * Why a tag operation failed, in one sentence (and what to do, when the general words say it).
 * `describe`: the general words; the options page passes its own, which speak to someone already in settings.
 */
export function tagErrorText(error: ErrorView, describe: (error: ErrorView) => { what: string; todo: string } = describeError): string {
  switch (error.code) {
    case TAGS_MALFORMED:
      return t('tagsMalformed');
    case 'TAG_EMPTY':
      return tagProblemText('empty');
    case 'TAG_TOO_LONG':
      return tagProblemText('too-long');
  }
  const text = describe(error);
  return `${text.what} ${text.todo}`;
}

/** The button under a long tag list (lib/tags/tag-window.ts): how many more tags it shows. */
export function tagsMoreText(count: number): string {
  return t(pluralForm(count) === 'one' ? 'tagsShowMoreOne' : 'tagsShowMore', formatCount(count));
}

/** Beside a tag in the Tags section: how many of the links loaded carry it. */
export function tagLinkCountText(count: number): string {
  return t(pluralForm(count) === 'one' ? 'tagLinkCountOne' : 'tagLinkCount', formatCount(count));
}

/** What the counts beside the tags cover: every link of the workspace, or only the newest ones loaded. */
export function tagsCountedText(links: number, partial: boolean): string {
  if (partial) return t('tagsCountedSome', formatCount(links));
  if (links === 0) return t('tagsCountedNone');
  return t(pluralForm(links) === 'one' ? 'tagsCountedAllOne' : 'tagsCountedAll', formatCount(links));
}
