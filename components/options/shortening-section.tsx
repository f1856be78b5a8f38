import { t, type MessageKey } from '../../lib/i18n/catalogue';
import type { PreferencesView, Send } from '../../lib/messaging/send-message';
import type { OptionsModel } from '../../lib/options/controller';
import type { TagList } from '../../lib/tags/list';
import { Layers } from 'lucide-preact';
import { Banner } from '../shared/banner';
import { Button } from '../shared/button';
import { Card } from '../shared/card';
import { SelectField } from '../shared/select-field';
import { Switch } from '../shared/switch';
import { DefaultDomainField } from './default-domain-field';
import { DefaultTagsField } from './default-tags-field';
import { NotConnected } from './not-connected';
import { OptionsSection } from './options-section';

interface Props {
  prefs: PreferencesView | null;
  status: OptionsModel['prefsStatus'];
  /** A change: shown and saved at once. */
  onChange: (prefs: PreferencesView) => void;
  /** Saves again after a failed save. */
  onRetry: () => void;
  /** The saved connection; null before one exists (the domain and tags need it). */
  connection: { key: string; serviceHost: string } | null;
  /** Changes when a domain is connected or deleted: the default domain's choices are read again. */
  domainsVersion: number;
  tags: TagList;
  onReloadTags: () => void;
  send: Send;
  onGoToConnection: () => void;
  /** Opens the bulk page. */
  onOpenBulk: () => void;
}

const SWITCHES: { key: 'autoShorten' | 'copyToClipboard' | 'notifyQueued' | 'cleanLinks' | 'samePageIgnoresCampaign'; label: MessageKey; hint: MessageKey }[] = [
  { key: 'autoShorten', label: 'autoShortenLabel', hint: 'autoShortenHint' },
  { key: 'copyToClipboard', label: 'copyLabel', hint: 'copyHint' },
  { key: 'notifyQueued', label: 'notifyQueuedLabel', hint: 'notifyQueuedHint' },
  { key: 'cleanLinks', label: 'prefsCleanLinks', hint: 'prefsCleanLinksHint' },
  { key: 'samePageIgnoresCampaign', label: 'prefsSamePageIgnoresCampaign', hint: 'prefsSamePageIgnoresCampaignHint' },
];

/** How links are made: switches and choices that are saved as they change, then the workspace's default domain and tags. */
export function ShorteningSection({ prefs, status, onChange, onRetry, connection, domainsVersion, tags, onReloadTags, send, onGoToConnection, onOpenBulk }: Props) {
  return (
    <OptionsSection id="shortening" heading={t('defaultsHeading')} intro={t('defaultsIntro')} busy={status === 'saving'}>
      {status === 'failed' && (
        <Banner tone="error" action={{ label: t('tryAgain'), onClick: onRetry }}>
          <p>{t('prefsSaveFailed')}</p>
        </Banner>
      )}
      {prefs === null ? (
        <p role="status" class="muted">{t('loading')}</p>
      ) : (
        <>
          <Card class="settings-card">
            {SWITCHES.map(({ key, label, hint }) => (
              <Switch key={key} id={key} label={t(label)} hint={t(hint)} checked={prefs[key]} onChange={(on) => onChange({ ...prefs, [key]: on })} />
            ))}
          </Card>
          <Card class="settings-card">
            <SelectField
              id="keyword-type"
              label={t('keywordTypeLabel')}
              value={prefs.keywordType}
              options={[
                { value: 'HASH', label: t('keywordTypeHash') },
                { value: 'CUSTOM', label: t('keywordTypeCustom') },
              ]}
              onChange={(e) => onChange({ ...prefs, keywordType: e.currentTarget.value === 'CUSTOM' ? 'CUSTOM' : 'HASH' })}
            />
            {connection === null ? (
              <NotConnected text={t('defaultsNotConnected')} onGoToConnection={onGoToConnection} />
            ) : (
              <>
                <DefaultDomainField
                  send={send}
                  value={prefs.defaultDomain}
                  serviceHost={connection.serviceHost}
                  onChange={(defaultDomain) => onChange({ ...prefs, defaultDomain })}
                  reloadKey={`${connection.key} ${domainsVersion}`}
                />
                <DefaultTagsField value={prefs.defaultTags} tags={tags} onChange={(defaultTags) => onChange({ ...prefs, defaultTags })} onReload={onReloadTags} />
              </>
            )}
          </Card>
          <Card class="settings-card">
            <h3>{t('optionsBulkHeading')}</h3>
            <p class="muted">{t('optionsBulkText')}</p>
            <Button id="options-bulk" icon={Layers} onClick={onOpenBulk}>
              {t('optionsBulkOpen')}
            </Button>
          </Card>
        </>
      )}
    </OptionsSection>
  );
}
