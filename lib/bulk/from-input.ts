/**
 * The URLs a menu or the popup left for the bulk page (lib/batch/bulk-input.ts)
 * as the text the page shows: one per line (the list the user sees and may
 * edit), with their titles by normal form.
 */
import type { BulkInput } from '../batch/bulk-input';
import { checkDestinationUrl } from '../contract/url';

export function fromInput(input: BulkInput): { text: string; titles: Record<string, string> } {
  const titles: Record<string, string> = {};
  for (const entry of input.entries) {
    const verdict = checkDestinationUrl(entry.url);
    if (verdict.ok && entry.title && titles[verdict.url] === undefined) titles[verdict.url] = entry.title;
  }
  const lines = input.entries.map((e) => e.url);
  // A selection's own text after its anchors: URLs written in it are found there, repeats fold.
  if (input.text !== undefined && input.text.trim() !== '') lines.push(input.text);
  return { text: lines.join('\n'), titles };
}
