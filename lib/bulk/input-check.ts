/**
 * What the bulk page refuses before reading, or right after: a file or text
 * over 2 MB (checked by its size, before it is read whole), a file that is
 * not text (neither named nor typed as text or CSV, or with NUL bytes in
 * it), and an empty paste.
 */
import { MAX_TEXT_BYTES, utf8Length } from '../batch/limits';

export type InputProblem = 'too-big' | 'not-text' | 'empty' | 'no-links' | 'selection-empty' | 'read-failed';

/** What the page knows of a chosen file before reading it (a File's own fields). */
export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

const TEXT_NAME = /\.(txt|csv|md|markdown|html?|tsv|text)$/i;
const TEXT_TYPE = /^(text\/|application\/(csv|x-csv|json|xml|xhtml\+xml)$)/i;

export function fileProblem(file: FileFacts): InputProblem | null {
  if (file.size > MAX_TEXT_BYTES) return 'too-big';
  // Browsers leave `type` empty for names they do not know: the name decides then.
  if (!TEXT_NAME.test(file.name) && !TEXT_TYPE.test(file.type)) return 'not-text';
  return null;
}

/** A chosen file with its reading (a File's own fields and text()). */
export interface ChosenFile extends FileFacts {
  text(): Promise<string>;
}

/** Reads a chosen file, checked by its size and name before a byte of it is read, then for binary data. */
export async function readChosenFile(file: ChosenFile): Promise<{ text: string } | { problem: InputProblem }> {
  const before = fileProblem(file);
  if (before !== null) return { problem: before };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { problem: 'read-failed' };
  }
  return looksBinary(text) ? { problem: 'not-text' } : { text };
}

/** A file read as text that is not text: binary data decodes with NUL characters. */
export function looksBinary(text: string): boolean {
  return text.slice(0, 65_536).includes('\u0000');
}

export function textProblem(text: string): InputProblem | null {
  if (text.trim() === '') return 'empty';
  // Most texts are far below: their length alone settles it without counting bytes.
  if (text.length * 3 > MAX_TEXT_BYTES && utf8Length(text) > MAX_TEXT_BYTES) return 'too-big';
  return null;
}
