import { useEffect, useRef, useState } from 'preact/hooks';
import type { UrlProblem } from '../../lib/contract/url';
import { t } from '../../lib/i18n/catalogue';
import { urlProblemText } from '../../lib/i18n/url-problem-text';
import { Button } from '../shared/button';

export interface UrlFormProps {
  initialUrl: string;
  /** Why the form is shown: the tab can't be shortened, or the URL was refused; none when the user asked for it. */
  reason?: 'unshortenable' | UrlProblem;
  onSubmit: (url: string) => void;
}

/** A field to paste a link into: when the current tab can't be shortened, or to shorten another link. */
export function UrlForm({ initialUrl, reason, onSubmit }: UrlFormProps) {
  const [url, setUrl] = useState(initialUrl);
  const field = useRef<HTMLInputElement>(null);
  // Shown after the page loaded (or from a menu): Preact does not apply autofocus then.
  useEffect(() => field.current?.focus(), []);
  const message = reason === undefined ? undefined : reason === 'unshortenable' ? t('cannotShortenTab') : urlProblemText(reason);
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
