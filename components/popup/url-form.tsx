import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { Button } from '../shared/button';

interface Props {
  initialUrl: string;
  /** Why the form is shown (the tab can't be shortened, or the URL was refused). */
  message?: string;
  onSubmit: (url: string) => void;
}

/** A field to paste a link into: when the current tab can't be shortened, or to shorten another link. */
export function UrlForm({ initialUrl, message, onSubmit }: Props) {
  const [url, setUrl] = useState(initialUrl);
  const field = useRef<HTMLInputElement>(null);
  // Shown after the page loaded (or from a menu): Preact does not apply autofocus then.
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      noValidate
      class="card url-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(url);
      }}
    >
      {message && (
        <p id="url-message" class="warn">
          {message}
        </p>
      )}
      <label for="url-input">{t('urlLabel')}</label>
      <div class="url-row">
        <input
          id="url-input"
          ref={field}
          type="url"
          value={url}
          aria-describedby={message ? 'url-message' : undefined}
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <Button type="submit" variant="primary" disabled={url.trim() === ''}>
          {t('shortenButton')}
        </Button>
      </div>
    </form>
  );
}
