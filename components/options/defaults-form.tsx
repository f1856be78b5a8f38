import { t, type MessageKey } from '../../lib/i18n/catalogue';
import type { PreferencesView, Send } from '../../lib/messaging/send-message';
import type { StatusText } from '../../lib/i18n/options-text';
import { DefaultDomainField } from './default-domain-field';
import type { TagList } from '../../lib/tags/list';
import { DefaultTagsField } from './default-tags-field';
import { THEME_VALUES } from '../../lib/messaging/protocol/settings';

interface Props {
  value: PreferencesView;
  status: StatusText | null;
  onChange: (value: PreferencesView) => void;
  onSave: () => void;
  /** Asks the background for the workspace's set-up domains. */
  send: Send;
  /** Changes when a domain is connected or deleted (components/options/domains-container.tsx). */
  domainsVersion: number;
  /** The workspace's tags, for the default tags picker (the Tags section's list). */
  tags: TagList;
  onReloadTags: () => void;
}

const CHECKS: { key: 'autoShorten' | 'copyToClipboard' | 'notifyQueued'; label: MessageKey }[] = [
  { key: 'autoShorten', label: 'autoShortenLabel' },
  { key: 'copyToClipboard', label: 'copyLabel' },
  { key: 'notifyQueued', label: 'notifyQueuedLabel' },
];

/** How a link is made when the popup opens. */
export function DefaultsForm({ value, status, onChange, onSave, send, domainsVersion, tags, onReloadTags }: Props) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      {CHECKS.map(({ key, label }) => (
        <label class="check" key={key}>
          <input type="checkbox" checked={value[key]} onChange={(e) => onChange({ ...value, [key]: e.currentTarget.checked })} />
          {t(label)}
        </label>
      ))}
      <label for="keyword-type">{t('keywordTypeLabel')}</label>
      <select
        id="keyword-type"
        value={value.keywordType}
        onChange={(e) => onChange({ ...value, keywordType: e.currentTarget.value === 'CUSTOM' ? 'CUSTOM' : 'HASH' })}
      >
        <option value="HASH">{t('keywordTypeHash')}</option>
        <option value="CUSTOM">{t('keywordTypeCustom')}</option>
      </select>
      <DefaultDomainField
        send={send}
        value={value.defaultDomain}
        onChange={(defaultDomain) => onChange({ ...value, defaultDomain })}
        reloadKey={domainsVersion}
      />
      <DefaultTagsField value={value.defaultTags} tags={tags} onChange={(defaultTags) => onChange({ ...value, defaultTags })} onReload={onReloadTags} />
      <label for="theme">{t('profilesThemeLabel')}</label>
      <select
        id="theme"
        value={value.theme}
        onChange={(e) => {
          const theme = THEME_VALUES.find((th) => th === e.currentTarget.value) ?? 'system';
          onChange({ ...value, theme });
        }}
      >
        <option value="system">{t('profilesThemeSystem')}</option>
        <option value="light">{t('profilesThemeLight')}</option>
        <option value="dark">{t('profilesThemeDark')}</option>
      </select>
      <div class="row">
        <button type="submit">{t('saveDefaults')}</button>
      </div>
      <p role={status?.tone === 'error' ? 'alert' : 'status'} class={status?.tone === 'error' ? 'error' : 'ok'}>
        {status?.text ?? ''}
      </p>
    </form>
  );
}
