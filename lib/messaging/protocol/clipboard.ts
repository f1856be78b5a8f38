/** Copying text through the background (lib/background/clipboard.ts). */
import * as v from 'valibot';
import { Text } from './fields';

export const CLIPBOARD_MESSAGES = {
  copyText: { request: v.strictObject({ text: Text(8192) }), answer: v.object({ copied: v.boolean() }) },
};
