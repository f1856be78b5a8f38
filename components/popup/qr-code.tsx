import { Copy, Download, Palette } from 'lucide-preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { downloadFile } from '../../lib/browser/download';
import { t } from '../../lib/i18n/catalogue';
import { planCode } from '../../lib/qr/design';
import { DEFAULT_QR_DESIGN, type QrDesign } from '../../lib/qr/design-shape';
import { adviceText, logoProblemText, styleProblemText } from '../../lib/qr/design-text';
import { qrFileName, type QrFileKind } from '../../lib/qr/file-name';
import { dataUrlBytes } from '../../lib/qr/logo-data-url';
import { qrPathData } from '../../lib/qr/path-data';
import { rgbaPng } from '../../lib/qr/png';
import { qrProblemText } from '../../lib/qr/qr-problem-text';
import { defaultStyle, removeStyle, saveStyle, type QrStyle } from '../../lib/qr/qr-style';
import { styleLogo } from '../../lib/qr/style-logo';
import type { QrPixelSize } from '../../lib/qr/raster';
import type { RgbaImage } from '../../lib/qr/rgba-image';
import { checkPlan, planPixels, verifiedFile } from '../../lib/qr/verified-file';
import { Button } from '../shared/button';
import { loadLogo, loadPageIcon, type LogoLoad } from './load-logo';
import { QrDesigner } from './qr-designer';
import { QrStylesGroup } from './qr-styles';
import { useQrStyles } from './use-qr-styles';

/** The live check under the preview: small enough to run on every keystroke. */
const PREVIEW_CHECK_SIDE = 512;

export interface QrCodeProps {
  /** Prefix of the designer's field ids: several codes can be open at once. */
  id: string;
  /** The short link to draw; it comes from the service and is only ever encoded, never put in markup. */
  shortUrl: string;
  /** The page's icon as the browser gives it (lib/popup/page-icon.ts), offered as a logo; null where none. */
  iconUrl?: string | null;
}

interface Logo {
  pixels: RgbaImage;
  /** A blob URL of the logo as PNG, for the preview (the pages' CSP allows blob: images, not data:). */
  url: string;
}

/**
 * The QR code of a short link with its designer: colours, logo, quiet zone,
 * correction level and size. Every file is decoded from its exact pixels
 * (lib/qr/verify.ts) before it is saved or copied. Loaded on first use
 * (components/popup/lazy-qr-panel.tsx): the encoder, decoder and designer stay out of the popup's first load.
 */
export function QrCode({ id, shortUrl, iconUrl = null }: QrCodeProps) {
  const [design, setDesign] = useState<QrDesign>(DEFAULT_QR_DESIGN);
  const [pngSize, setPngSize] = useState<QrPixelSize>(1024);
  const [designOpen, setDesignOpen] = useState(false);
  const [logo, setLogo] = useState<Logo | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'failed' | 'copied' } | { kind: 'refused'; advice: string } | null>(null);
  const saved = useQrStyles();
  const [chosen, setChosen] = useState('');
  const [styleMessage, setStyleMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [defaultApplied, setDefaultApplied] = useState(false);

  const verdict = useMemo(() => planCode(shortUrl, design, logo !== null), [shortUrl, design, logo]);
  // While a colour is refused, the preview keeps the default colours with the rest of the design.
  const preview = useMemo(
    () => (verdict.ok ? verdict : planCode(shortUrl, { ...design, dark: DEFAULT_QR_DESIGN.dark, light: DEFAULT_QR_DESIGN.light }, logo !== null)),
    [verdict, shortUrl, design, logo],
  );
  const live = useMemo(() => (verdict.ok ? checkPlan(verdict.plan, planPixels(verdict.plan, PREVIEW_CHECK_SIDE, logo?.pixels ?? null)) : null), [verdict, logo]);
  const path = useMemo(() => (preview.ok ? qrPathData(preview.plan.layout.matrix) : ''), [preview]);

  useEffect(() => () => {
    if (logo) URL.revokeObjectURL(logo.url);
  }, [logo]);

  const takeLogo = (load: Promise<LogoLoad>) => {
    setLogoError(null);
    load
      .then(async (result) => {
        if (!result.ok) {
          setLogoError(logoProblemText(result.problem));
          return;
        }
        const png = await rgbaPng(result.pixels);
        setLogo({ pixels: result.pixels, url: URL.createObjectURL(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' })) });
        setDesign((d) => (d.logoSize === 'none' ? { ...d, logoSize: 'medium' } : d));
      })
      .catch(() => setLogoError(logoProblemText('unreadable')));
  };

  const applyStyle = (style: QrStyle | null) => {
    setStatus(null);
    setChosen(style?.name ?? '');
    setDesign(style?.design ?? DEFAULT_QR_DESIGN);
    setLogo(null);
    const bytes = style?.logo ? dataUrlBytes(style.logo) : null;
    if (bytes) takeLogo(loadLogo(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' })));
  };

  // The profile's default style, once, when its styles first arrive (later saves must not re-apply it).
  useEffect(() => {
    if (defaultApplied || saved.styles === null) return;
    setDefaultApplied(true);
    const style = defaultStyle(saved.styles);
    if (style) applyStyle(style);
  }, [saved.styles]);

  if (!preview.ok) {
    const link = preview.refusals.find((r) => r.field === 'link');
    return <p class="error" role="alert">{link ? qrProblemText(link.problem) : ''}</p>;
  }
  const plan = preview.plan;

  const save = (kind: QrFileKind, copy = false) => {
    setStatus(null);
    if (!verdict.ok) return;
    verifiedFile(verdict.plan, kind, pngSize, logo?.pixels ?? null)
      .then(async (file) => {
        if (!file.ok) {
          setStatus({ kind: 'refused', advice: adviceText(file.advice) });
          return;
        }
        if (copy) {
          await navigator.clipboard.write([new ClipboardItem({ 'image/png': file.blob })]);
          setStatus({ kind: 'copied' });
          return;
        }
        downloadFile(document, qrFileName(plan.text, kind), file.blob.type, file.blob);
      })
      .catch(() => setStatus({ kind: 'failed' }));
  };

  async function saveCurrent(name: string, makeDefault: boolean): Promise<void> {
    if (!saved.styles) return;
    try {
      const logoUrl = logo ? await styleLogo(logo.pixels) : null;
      if (logo && logoUrl === null) {
        setStyleMessage({ text: styleProblemText('logo-too-big'), error: true });
        return;
      }
      const result = saveStyle(saved.styles, { name, design, logo: logoUrl }, makeDefault);
      if (!result.ok) {
        setStyleMessage({ text: styleProblemText(result.problem), error: true });
        return;
      }
      await saved.store(result.styles);
      const stored = name.trim();
      setChosen(stored);
      setStyleMessage({ text: t(makeDefault ? 'qrStyleSavedDefault' : 'qrStyleSaved', stored), error: false });
    } catch {
      setStyleMessage({ text: t('qrStyleFailed'), error: true });
    }
  }

  const box = plan.layout.logo;
  const plain = plan.darkHex === '#000000' && plan.lightHex === '#ffffff';
  const readable = verdict.ok && live?.ok === true;
  let statusText = '';
  if (status?.kind === 'failed') statusText = t('qrDownloadFailed');
  else if (status?.kind === 'copied') statusText = t('qrImageCopied');
  else if (status?.kind === 'refused') statusText = `${t('qrUnreadable')} ${status.advice}`;
  else if (live && !live.ok) statusText = `${t('qrUnreadable')} ${adviceText(live.advice)}`;
  else if (live?.ok && (designOpen || logo)) statusText = t('qrChecked');

  return (
    <div class="qr-code">
      <svg class="qr-code-image" role="img" aria-label={t('qrCodeOf', plan.text)} viewBox={`0 0 ${plan.layout.matrix.size} ${plan.layout.matrix.size}`}>
        {/* The theme's colours (dimmed white in the dark theme) for the plain code; the design's own otherwise. */}
        <rect class="qr-code-light" style={plain ? undefined : { fill: plan.lightHex }} width={plan.layout.matrix.size} height={plan.layout.matrix.size} />
        <path class="qr-code-dark" style={plain ? undefined : { fill: plan.darkHex }} d={path} />
        {logo && box && <image href={logo.url} x={box.x} y={box.y} width={box.side} height={box.side} preserveAspectRatio="xMidYMid meet" />}
      </svg>
      <div class="row">
        <Button size="small" icon={Download} disabled={!readable} onClick={() => save('png')}>
          {t('qrDownloadPng')}
        </Button>
        <Button size="small" icon={Download} disabled={!readable} onClick={() => save('svg')}>
          {t('qrDownloadSvg')}
        </Button>
        <Button size="small" icon={Copy} disabled={!readable} onClick={() => save('png', true)}>
          {t('qrCopyImage')}
        </Button>
      </div>
      <p role="status" class={status?.kind === 'copied' || (live?.ok && status === null) ? 'hint' : 'error'}>
        {statusText}
      </p>
      <Button size="small" variant="ghost" icon={Palette} aria-expanded={designOpen} aria-controls={designOpen ? `${id}-design` : undefined} onClick={() => setDesignOpen(!designOpen)}>
        {t('qrDesignToggle')}
      </Button>
      {designOpen && (
        <QrDesigner
          id={`${id}-design`}
          design={design}
          onDesign={(change) => {
            setStatus(null);
            setDesign((d) => ({ ...d, ...change }));
          }}
          refusals={verdict.ok ? [] : verdict.refusals}
          levelUsed={verdict.ok ? verdict.plan.level : null}
          pngSize={pngSize}
          onPngSize={setPngSize}
          logoUrl={logo?.url ?? null}
          logoError={logoError}
          onLogoFile={(file) => takeLogo(loadLogo(file))}
          onPageIcon={iconUrl ? () => takeLogo(loadPageIcon(iconUrl)) : null}
          onRemoveLogo={() => {
            setLogo(null);
            setLogoError(null);
          }}
        >
          {saved.styles && (
            <QrStylesGroup
              id={`${id}-design`}
              styles={saved.styles}
              chosen={chosen}
              message={styleMessage}
              onChoose={(name) => applyStyle(saved.styles?.styles.find((st) => st.name === name) ?? null)}
              onDelete={(name) => {
                if (!saved.styles) return;
                saved
                  .store(removeStyle(saved.styles, name))
                  .then(() => {
                    setChosen('');
                    setStyleMessage({ text: t('qrStyleDeleted', name), error: false });
                  })
                  .catch(() => setStyleMessage({ text: t('qrStyleFailed'), error: true }));
              }}
              onSave={(name, makeDefault) => {
                setStyleMessage(null);
                void saveCurrent(name, makeDefault);
              }}
            />
          )}
        </QrDesigner>
      )}
    </div>
  );
}
