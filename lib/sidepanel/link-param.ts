/** The side panel's `?linkId=`: the link it was opened on, or null to follow the active tab. */
export function linkIdParam(search: string): string | null {
  const id = new URLSearchParams(search).get('linkId');
  return id !== null && id.trim() !== '' ? id.trim() : null;
}
