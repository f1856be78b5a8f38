import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { KeywordReason } from '../../lib/contract/keyword';
import { keywordProblemText } from '../../lib/i18n/keyword-problem-text';
import type { Send } from '../../lib/messaging/send-message';
import { TextField } from '../shared/text-field';
import { DomainPrefix } from './domain-prefix';
import { KeywordSuggestions } from './keyword-suggestions';

interface Props {
  send: Send;
  serviceHost: string | null;
  /** The host of the link shown, if any. */
  linkHost: string | null;
  keyword: string;
  problem: KeywordReason | null;
  /** The link shown may keep its keyword (only its tags change): the field may stay empty. */
  optional: boolean;
  /** The keyword just asked for is taken: the free alternatives the service offered (maybe none). */
  taken: string[] | null;
  onInput: (keyword: string) => void;
  onDomain: (domain: string) => void;
  onChoose: (shortUrl: string) => void;
}

/**
 * The short link to make, as one field: its domain as the prefix, the
 * keyword typed after it and checked as it is typed by the service's own
 * rules (lib/contract/keyword.ts). A taken keyword is said in the field's
 * message, with the free alternatives right under it.
 */
export function KeywordField({ send, serviceHost, linkHost, keyword, problem, optional, taken, onInput, onDomain, onChoose }: Props) {
  const [domainsFailed, setDomainsFailed] = useState(false);
  const error = problem !== null ? keywordProblemText(problem, keyword) : taken !== null ? t(taken.length > 0 ? 'keywordTaken' : 'keywordTakenNone') : null;
  const hints = [t('keywordHint'), optional ? t('tagsKeywordOptional') : '', domainsFailed ? t('domainsPickerFailed') : ''];
  return (
    <>
      <TextField
        id="keyword"
        label={t('keywordLabel')}
        value={keyword}
        autoComplete="off"
        spellcheck={false}
        error={error}
        hint={hints.filter(Boolean).join(' ')}
        prefix={
          <>
            <DomainPrefix send={send} serviceHost={serviceHost} linkHost={linkHost} onChange={onDomain} onFailed={setDomainsFailed} />
            <span class="prefix-slash" aria-hidden="true">
              /
            </span>
          </>
        }
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {taken !== null && taken.length > 0 && <KeywordSuggestions taken={taken} onChoose={onChoose} />}
    </>
  );
}
