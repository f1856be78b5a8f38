/** A QR design's refusals and advice in the user's words (catalogue messages), beside the field each concerns. */
import { t, type MessageKey } from '../i18n/catalogue';
import type { ColourProblem } from './colour';
import type { ContrastProblem } from './contrast';
import type { LogoProblem } from './logo-file';
import type { QrLevel } from './levels';
import type { QrStyleProblem } from './qr-style';
import type { QrAdvice } from './verify';

const COLOUR: Record<ColourProblem, MessageKey> = { empty: 'qrColourEmpty', 'not-a-colour': 'qrColourInvalid' };

const LOGO: Record<LogoProblem, MessageKey> = {
  empty: 'qrLogoEmpty',
  'too-big': 'qrLogoTooBig',
  'not-image': 'qrLogoNotImage',
  'svg-script': 'qrLogoSvgScript',
  'svg-external': 'qrLogoSvgExternal',
  'too-small': 'qrLogoTooSmall',
  unreadable: 'qrLogoUnreadable',
};

const ADVICE: Record<QrAdvice, MessageKey> = {
  'smaller-logo': 'qrAdviceSmallerLogo',
  'more-contrast': 'qrAdviceMoreContrast',
  unreadable: 'qrAdviceUnreadable',
};

export const LEVEL_KEY: Record<QrLevel, MessageKey> = { L: 'qrLevelL', M: 'qrLevelM', Q: 'qrLevelQ', H: 'qrLevelH' };
export const LEVEL_RECOVERY: Record<QrLevel, string> = { L: '7%', M: '15%', Q: '25%', H: '30%' };

export function colourProblemText(problem: ColourProblem): string {
  return t(COLOUR[problem]);
}

export function contrastProblemText(problem: ContrastProblem, ratio: number): string {
  if (problem === 'inverted') return t('qrPairInverted');
  // One decimal, rounded down: 3.96 must not read as "4 to 1" beside a refusal for being under 4.
  return t('qrPairLowContrast', (Math.floor(ratio * 10) / 10).toFixed(1));
}

export function logoProblemText(problem: LogoProblem): string {
  return t(LOGO[problem]);
}

export function adviceText(advice: readonly QrAdvice[]): string {
  return advice.map((a) => t(ADVICE[a])).join(' ');
}

const STYLE: Record<QrStyleProblem, MessageKey> = {
  'name-empty': 'qrStyleNameEmpty',
  'name-too-long': 'qrStyleNameTooLong',
  'logo-too-big': 'qrStyleLogoTooBig',
  'too-many': 'qrStyleTooMany',
};

export function styleProblemText(problem: QrStyleProblem): string {
  return t(STYLE[problem]);
}
