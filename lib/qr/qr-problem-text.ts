/** A refused QR code in the user's words: the catalogue message for each code of lib/qr/matrix.ts. */
import { t, type MessageKey } from '../i18n/catalogue';
import type { QrProblem } from './matrix';

const KEYS: Record<QrProblem, MessageKey> = {
  empty: 'qrProblemEmpty',
  invalid: 'qrProblemInvalid',
  scheme: 'qrProblemScheme',
  'too-long': 'qrProblemTooLong',
};

export function qrProblemText(problem: QrProblem): string {
  return t(KEYS[problem]);
}
