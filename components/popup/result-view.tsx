import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { LinkView, Send, ShortenRequest } from '../../lib/messaging/send-message';
import type { CustomBuild } from '../../lib/popup/custom-request';
import { RESULT_COPY, type CopyFlash, type CustomState, type DoneExtra } from '../../lib/popup/popup-view';
import type { MenuItem } from '../shared/menu-button';
import { LazyCustomise, LazyLinkNote } from './lazy-parts';
import { LazyQrPanel } from './lazy-qr-panel';
import { ResultCard } from './result-card';

export interface ResultActions {
  onCopy: () => void;
  onStats: (link: LinkView) => void;
  /** A customised link: its request is built by the lazy panel. */
  onCustomise: (build: CustomBuild) => void;
  /** "Shorten another link". */
  onAskUrl: () => void;
  /** "Shorten many links…": the bulk page. */
  onBulk: () => void;
  /** "Shorten all tabs in this window": must ask for the `tabs` permission within the click. */
  onBulkTabs: () => void;
  /** A shorten the lazy note asks for: Undo of cleaning, or a new link for a page shortened before. */
  onRequest: (request: ShortenRequest) => void;
}

interface Props extends ResultActions {
  send: Send;
  link: LinkView;
  fromCache: boolean;
  extra: DoneExtra | undefined;
  custom: CustomState;
  title: string | null;
  iconUrl: string | null;
  copied: CopyFlash | null;
  serviceHost: string | null;
  /** The result is shown and copied. The note below waits for it: its chunk's loading would hold up the copy. */
  afterCopy: boolean;
}

/** The result card, and in place under it what its buttons open: the QR code and the customise panel. */
export function ResultView(props: Props) {
  const { link, custom, extra } = props;
  const [qrOpen, setQrOpen] = useState(false);
  const [customiseOpen, setCustomiseOpen] = useState(false);
  const share = typeof navigator.share === 'function';
  const more: MenuItem[] = [
    ...(share
      ? [{ key: 'share', label: t('popupShare'), onSelect: () => void navigator.share({ url: link.shortUrl, title: props.title ?? undefined }).catch(() => undefined) }]
      : []),
    { key: 'another', label: t('popupShortenAnother'), onSelect: props.onAskUrl },
    { key: 'bulk', label: t('popupShortenMany'), onSelect: props.onBulk },
    { key: 'tabs', label: t('popupShortenTabs'), onSelect: props.onBulkTabs },
  ];
  return (
    <>
      <ResultCard
        link={link}
        title={props.title}
        iconUrl={props.iconUrl}
        copied={props.copied?.key === RESULT_COPY ? props.copied.state : null}
        onCopy={props.onCopy}
        onStats={() => props.onStats(link)}
        qrOpen={qrOpen}
        onQr={() => setQrOpen(!qrOpen)}
        customiseOpen={customiseOpen}
        onCustomise={() => setCustomiseOpen(!customiseOpen)}
        more={more}
      />
      {props.afterCopy && (props.fromCache || (extra !== undefined && (extra.cleaned || extra.cleanFailed || extra.rule || (extra.replaced && !customiseOpen)))) && (
        <LazyLinkNote.View extra={extra ?? {}} link={link} fromCache={props.fromCache} onRequest={props.onRequest} />
      )}
      {qrOpen && <LazyQrPanel.View id="result-qr" shortUrl={link.shortUrl} iconUrl={props.iconUrl} onClose={() => setQrOpen(false)} />}
      {customiseOpen && (
        <div id="customise-panel" class="card customise-card">
          <LazyCustomise.View
            send={props.send}
            url={link.longUrl}
            link={link}
            custom={custom}
            extra={props.extra}
            serviceHost={props.serviceHost}
            onCustomise={props.onCustomise}
          />
        </div>
      )}
    </>
  );
}
