import { Check, Copy, Plus } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { LinkView } from '../../lib/messaging/send-message';
import type { CopyState } from '../../lib/popup/popup-view';
import { Button } from '@/components/shared/button';
import { PageSummary } from './page-summary';
import { ShortLinkText } from './short-link-text';

interface Props {
  /** The page, as the popup would shorten it here. */
  url: string;
  /** The other profile's name and its link to the page. */
  profile: string;
  link: LinkView;
  title: string | null;
  iconUrl: string | null;
  copied: CopyState | null;
  onCopy: () => void;
  onMakeHere: () => void;
}

/** Another profile already has a link to this page: say so, offer that link, or a new one in this profile. Nothing is made until asked. */
export function ElsewhereCard(props: Props) {
  const { copied } = props;
  return (
    <section class="card result elsewhere" aria-labelledby="elsewhere-note">
      <PageSummary url={props.url} title={props.title} iconUrl={props.iconUrl} />
      <p id="elsewhere-note" class="elsewhere-note">
        {t('popupElsewhere', props.profile)}
      </p>
      <ShortLinkText id="short-link" shortUrl={props.link.shortUrl} />
      <div class="result-actions">
        <Button variant="primary" size="large" icon={copied === 'copied' ? Check : Copy} class={copied === 'copied' ? 'grow copied' : 'grow'} onClick={props.onCopy}>
          {copied === 'copied' ? t('copied') : t('copy')}
        </Button>
        <Button icon={Plus} size="large" onClick={props.onMakeHere}>
          {t('popupMakeHere')}
        </Button>
      </div>
      <p role="status" class={copied === 'failed' ? 'result-note warn' : 'visually-hidden'}>
        {copied === 'copied' ? t('copiedToClipboard') : copied === 'failed' ? t('copyFailed') : ''}
      </p>
    </section>
  );
}
