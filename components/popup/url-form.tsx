import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';

interface Props {
  initialUrl: string;
  /** Why the form is shown (the tab can't be shortened, or the URL was refused). */
  message?: string;
  busy: boolean;
  onSubmit: (url: string) => void;
}

/** A field to paste a link into when the current tab can't be shortened. */
export function UrlForm({ initialUrl, message, busy, onSubmit }: Props) {
  const [url, setUrl] = useState(initialUrl);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(url);
      }}
    >
      {message && <p id="url-message" class="warn">{message}</p>}
      <label for="url-input">{t('urlLabel')}</label>
      <div class="row">
        <input
          id="url-input"
          type="url"
          value={url}
          autoFocus
          aria-describedby={message ? 'url-message' : undefined}
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={busy || url.trim() === ''}>
          {t('shortenButton')}
        </button>
      </div>
    </form>
  );
}
