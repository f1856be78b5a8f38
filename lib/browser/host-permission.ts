/**
 * The optional host permission asked for when the user saves the service's
 * address. The pattern names the host without its port: Firefox refuses
 * ports in match patterns, and Chrome would otherwise need a new grant for
 * every port of the same local service.
 */
/** Every web site, as the manifest's optional_host_permissions lists them: what the destination watch needs to visit links' pages. */
export const ANY_SITE_ORIGINS = ['http://*/*', 'https://*/*'];

export function originPatternOf(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.protocol}//${url.hostname}/*`;
  } catch {
    return null;
  }
}
