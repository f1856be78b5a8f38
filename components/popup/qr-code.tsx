import { Download } from 'lucide-preact';
import { useMemo, useState } from 'preact/hooks';
import { downloadFile } from '../../lib/browser/download';
import { t } from '../../lib/i18n/catalogue';
import { qrFileName, type QrFileKind } from '../../lib/qr/file-name';
import { qrMatrix, type QrMatrix } from '../../lib/qr/matrix';
import { qrPathData } from '../../lib/qr/path-data';
import { qrPng } from '../../lib/qr/png';
import { qrProblemText } from '../../lib/qr/qr-problem-text';
import { qrSvg } from '../../lib/qr/svg';
import { Button } from '../shared/button';

/**
 * Files are black on white whatever the theme: many scanners cannot read a
 * light-on-dark (inverted) code, and a file outlives the page it came from.
 */
const FILE_COLOURS = { dark: '#000000', light: '#ffffff' };
/** 8 px per module: a typical short link's code is about 260 px, sharp in print. */
const PNG_SCALE = 8;

export interface QrCodeProps {
  /** The short link to draw; it comes from the service and is only ever encoded, never put in markup. */
  shortUrl: string;
}

async function download(matrix: QrMatrix, kind: QrFileKind): Promise<void> {
  const name = qrFileName(matrix.text, kind);
  if (kind === 'svg') {
    downloadFile(document, name, 'image/svg+xml', qrSvg(matrix, FILE_COLOURS));
    return;
  }
  const png = await qrPng(matrix, { scale: PNG_SCALE });
  downloadFile(document, name, 'image/png', png as Uint8Array<ArrayBuffer>);
}

/**
 * The QR code of a short link, drawn as Preact SVG elements (no markup
 * strings), with buttons that save it as PNG or SVG. Loaded on first use
 * (components/popup/lazy-parts.tsx): the encoder stays out of the popup's first load.
 */
export function QrCode({ shortUrl }: QrCodeProps) {
  const verdict = useMemo(() => qrMatrix(shortUrl), [shortUrl]);
  const path = useMemo(() => (verdict.ok ? qrPathData(verdict.matrix) : ''), [verdict]);
  const [failed, setFailed] = useState(false);

  if (!verdict.ok) {
    return <p class="error" role="alert">{qrProblemText(verdict.problem)}</p>;
  }
  const { matrix } = verdict;
  const save = (kind: QrFileKind) => {
    setFailed(false);
    download(matrix, kind).catch(() => setFailed(true));
  };
  return (
    <div class="qr-code">
      <svg
        class="qr-code-image"
        role="img"
        aria-label={t('qrCodeOf', matrix.text)}
        viewBox={`0 0 ${matrix.size} ${matrix.size}`}
      >
        <rect class="qr-code-light" width={matrix.size} height={matrix.size} />
        <path class="qr-code-dark" d={path} />
      </svg>
      <div class="row">
        <Button size="small" icon={Download} onClick={() => save('png')}>
          {t('qrDownloadPng')}
        </Button>
        <Button size="small" icon={Download} onClick={() => save('svg')}>
          {t('qrDownloadSvg')}
        </Button>
      </div>
      <p role="status" class="error">{failed ? t('qrDownloadFailed') : ''}</p>
    </div>
  );
}
