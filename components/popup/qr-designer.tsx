/**
 * The QR designer's fields: colours (as text, refused beside the field),
 * logo (a file or the page's icon) and its size, quiet zone, correction
 * level and PNG size. Controlled: the design, its plan and the logo live in
 * components/popup/qr-code.tsx; every decision is lib/qr/'s.
 */
import { ImageUp, Trash2 } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { DesignRefusal } from '../../lib/qr/design';
import type { QrDesign } from '../../lib/qr/design-shape';
import { colourProblemText, contrastProblemText, LEVEL_KEY, LEVEL_RECOVERY } from '../../lib/qr/design-text';
import { LOGO_SIZES, type LogoSize } from '../../lib/qr/logo-size';
import { QR_LEVELS, QUIET_ZONES, type QrLevel, type QuietZone } from '../../lib/qr/levels';
import { QR_PIXEL_SIZES, type QrPixelSize } from '../../lib/qr/raster';
import type { ComponentChildren } from 'preact';
import { Button } from '@/components/shared/button';
import { SelectField } from '@/components/shared/select-field';
import { TextField } from '@/components/shared/text-field';
import './qr-designer.css';

export interface QrDesignerProps {
  id: string;
  design: QrDesign;
  onDesign: (change: Partial<QrDesign>) => void;
  refusals: readonly DesignRefusal[];
  /** The level the code uses (raised for the logo), when the design is drawable. */
  levelUsed: QrLevel | null;
  pngSize: QrPixelSize;
  onPngSize: (size: QrPixelSize) => void;
  /** The logo's picture (a blob URL of its pixels), or null without one. */
  logoUrl: string | null;
  logoError: string | null;
  onLogoFile: (file: File) => void;
  /** Takes the page's icon; null where the browser gives none. */
  onPageIcon: (() => void) | null;
  onRemoveLogo: () => void;
  /** The saved styles group (components/popup/qr-styles.tsx), where the profile has one. */
  children?: ComponentChildren;
}

const LOGO_SIZE_KEY = { none: 'qrLogoSizeNone', small: 'qrLogoSizeSmall', medium: 'qrLogoSizeMedium', large: 'qrLogoSizeLarge' } as const;

function colourError(refusals: readonly DesignRefusal[], field: 'dark' | 'light'): string | null {
  for (const r of refusals) {
    if (r.field === field) return colourProblemText(r.problem);
    // The pair's reason goes beside the code colour, the one people change to fix it.
    if (r.field === 'pair' && field === 'dark') return contrastProblemText(r.problem, r.ratio);
  }
  return null;
}

export function QrDesigner(props: QrDesignerProps) {
  const { id, design, onDesign, refusals, levelUsed } = props;
  const raised = levelUsed !== null && levelUsed !== design.level;
  return (
    <div class="qr-designer" id={id}>
      <div class="qr-designer-colours">
        <TextField
          id={`${id}-dark`}
          label={t('qrDarkColour')}
          hint={t('qrColourHint')}
          value={design.dark}
          spellcheck={false}
          autocomplete="off"
          error={colourError(refusals, 'dark')}
          onInput={(e) => onDesign({ dark: e.currentTarget.value })}
        />
        <TextField
          id={`${id}-light`}
          label={t('qrLightColour')}
          hint={t('qrColourHint')}
          value={design.light}
          spellcheck={false}
          autocomplete="off"
          error={colourError(refusals, 'light')}
          onInput={(e) => onDesign({ light: e.currentTarget.value })}
        />
      </div>
      <fieldset class="qr-designer-logo">
        <legend>{t('qrLogo')}</legend>
        <div class="row">
          {props.logoUrl && <img class="qr-logo-preview" src={props.logoUrl} alt={t('qrLogoShown')} width={32} height={32} />}
          <label class="button small qr-logo-pick">
            <ImageUp size={16} aria-hidden="true" />
            <span>{t('qrLogoPick')}</span>
            <input
              type="file"
              class="visually-hidden"
              accept="image/png,image/jpeg,image/svg+xml"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                // Cleared at once: picking the same file again after a refusal must fire again.
                e.currentTarget.value = '';
                if (file) props.onLogoFile(file);
              }}
            />
          </label>
          {props.onPageIcon && (
            <Button size="small" onClick={props.onPageIcon}>
              {t('qrLogoPageIcon')}
            </Button>
          )}
          {props.logoUrl && (
            <Button size="small" icon={Trash2} onClick={props.onRemoveLogo}>
              {t('qrLogoRemove')}
            </Button>
          )}
        </div>
        <p class="field-message error" role="alert">
          {props.logoError ?? ''}
        </p>
        {props.logoUrl && (
          <SelectField
            id={`${id}-logo-size`}
            label={t('qrLogoSize')}
            value={design.logoSize}
            options={LOGO_SIZES.map((size) => ({ value: size, label: t(LOGO_SIZE_KEY[size]) }))}
            onChange={(e) => onDesign({ logoSize: e.currentTarget.value as LogoSize })}
          />
        )}
      </fieldset>
      <SelectField
        id={`${id}-level`}
        label={t('qrLevel')}
        value={design.level}
        options={QR_LEVELS.map((level) => ({ value: level, label: t(LEVEL_KEY[level]) }))}
        hint={raised ? t('qrLevelRaised', LEVEL_RECOVERY[levelUsed]) : undefined}
        onChange={(e) => onDesign({ level: e.currentTarget.value as QrLevel })}
      />
      <SelectField
        id={`${id}-quiet`}
        label={t('qrQuietZone')}
        value={String(design.quietZone)}
        options={QUIET_ZONES.map((zone) => ({ value: String(zone), label: t('qrQuietZoneOption', zone) }))}
        onChange={(e) => onDesign({ quietZone: Number(e.currentTarget.value) as QuietZone })}
      />
      <SelectField
        id={`${id}-png-size`}
        label={t('qrPngSize')}
        value={String(props.pngSize)}
        options={QR_PIXEL_SIZES.map((size) => ({ value: String(size), label: t('qrPngSizeOption', size, size) }))}
        onChange={(e) => props.onPngSize(Number(e.currentTarget.value) as QrPixelSize)}
      />
      {props.children}
    </div>
  );
}
