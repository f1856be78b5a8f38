/**
 * Saves text as a file through a temporary <a download>: a Blob and an object
 * URL, no innerHTML and no `downloads` permission. The URL is revoked once
 * the click has handed the Blob to the browser.
 */
export function downloadText(doc: Document, filename: string, mime: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  doc.body.append(a);
  try {
    a.click();
  } finally {
    a.remove();
    // After the current task: revoking in the same task can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
