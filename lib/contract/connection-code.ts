/**
 * The connection code: one line that holds what the extension needs to talk
 * to a service (its API address, a token and the workspace), so a new user
 * pastes once instead of typing three things. The service's `token` command
 * prints it; the extension's welcome page reads it. It is as secret as the
 * token inside it.
 *
 * Form: `shortlink1:` + base64url(JSON {a, t, w}) + `.` + a checksum of that
 * text, so a code cut short by a mail client or a terminal is told apart from
 * a code for another product. Spaces and line breaks anywhere are ignored
 * (codes pasted from an email arrive wrapped).
 */

export const CONNECTION_CODE_PREFIX = 'shortlink1:';

export interface Connection {
  /** The API's base URL, http(s), e.g. https://sho.rt/api. */
  apiBase: string;
  token: string;
  workspaceId: string;
}

export type ConnectionCodeProblem =
  /** Nothing pasted. */
  | 'empty'
  /** Not a Shortlink code: another product's key, an address, prose. */
  | 'not-a-code'
  /** Our prefix, but the rest is cut short or altered. */
  | 'damaged'
  /** Readable, but the address is not an http(s) URL. */
  | 'bad-address'
  /** Readable, but the token or workspace cannot be one. */
  | 'bad-parts';

export type ConnectionCodeResult = { ok: true; connection: Connection } | { ok: false; problem: ConnectionCodeProblem };

const WORKSPACE = /^[A-Za-z0-9_.:-]{1,100}$/;
const TOKEN = /^[\x21-\x7e]{8,512}$/;

/** FNV-1a, 32 bits, as 8 hex digits: enough to catch a code cut short or mistyped, not a security measure. */
function checksum(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export function encodeConnectionCode(connection: Connection): string {
  const body = toBase64Url(JSON.stringify({ a: connection.apiBase, t: connection.token, w: connection.workspaceId }));
  return `${CONNECTION_CODE_PREFIX}${body}.${checksum(body)}`;
}

export function decodeConnectionCode(raw: string): ConnectionCodeResult {
  const code = raw.replace(/\s+/g, '');
  if (code === '') return { ok: false, problem: 'empty' };
  if (!code.toLowerCase().startsWith(CONNECTION_CODE_PREFIX)) return { ok: false, problem: 'not-a-code' };
  const rest = code.slice(CONNECTION_CODE_PREFIX.length);
  const dot = rest.lastIndexOf('.');
  const body = dot < 0 ? '' : rest.slice(0, dot);
  if (body === '' || rest.slice(dot + 1) !== checksum(body)) return { ok: false, problem: 'damaged' };
  const json = fromBase64Url(body);
  let parts: unknown;
  try {
    parts = json === null ? null : JSON.parse(json);
  } catch {
    parts = null;
  }
  if (typeof parts !== 'object' || parts === null) return { ok: false, problem: 'damaged' };
  const { a, t, w } = parts as Record<string, unknown>;
  if (typeof a !== 'string' || !isHttpUrl(a)) return { ok: false, problem: 'bad-address' };
  if (typeof t !== 'string' || !TOKEN.test(t) || typeof w !== 'string' || !WORKSPACE.test(w)) return { ok: false, problem: 'bad-parts' };
  return { ok: true, connection: { apiBase: a, token: t, workspaceId: w } };
}
