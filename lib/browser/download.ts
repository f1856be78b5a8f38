/**
 * Saves data as a file through a temporary <a download>: a Blob and an object
 * URL, built with createElement (no markup strings) and no `downloads`
 * permission. Used by the side panel's exports and the QR code's files.
 */

/**
 * Firefox reads a blob URL after the click event has run, so revoking at once
 * would cancel its download; a second later both browsers have it.
 */
const REVOKE_AFTER_MS = 1000;

export function downloadFile(doc: Document, filename: string, mime: string, data: BlobPart): void {
  const url = URL.createObjectURL(new Blob([data], { type: mime }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  doc.body.append(a);
  try {
    a.click();
  } finally {
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
