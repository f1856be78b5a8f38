/**
 * Reads a settings file chosen for import: size, JSON, then the file's schema
 * (lib/messaging/protocol/settings-file.ts) and the rules every profile meets, so a bad file is
 * refused with a reason before anything is sent or applied.
 */
import * as v from 'valibot';
import { validateConnection } from '../storage/connection-rules';
import { SettingsFileSchema, type SettingsFile } from '../messaging/protocol/settings-file';
import { nameProblem } from '../storage/profiles';

/** A settings file of 50 profiles is a few KB; anything near this is not one. */
export const SETTINGS_FILE_MAX_CHARS = 256 * 1024;

export type FileVerdict =
  | { ok: true; file: SettingsFile }
  | { ok: false; problem: 'too-big' | 'not-json' }
  /** `at`: where in the file, as a dotted path (`profiles.1.baseUrl`). */
  | { ok: false; problem: 'bad-format'; at: string }
  | { ok: false; problem: 'duplicate-name' | 'base-url-invalid' | 'workspace-invalid'; name: string };

export function readSettingsFile(text: string): FileVerdict {
  if (text.length > SETTINGS_FILE_MAX_CHARS) return { ok: false, problem: 'too-big' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  const parsed = v.safeParse(SettingsFileSchema, json);
  if (!parsed.success) return { ok: false, problem: 'bad-format', at: v.getDotPath(parsed.issues[0]) ?? '' };
  const file = parsed.output;
  const seen: { name: string }[] = [];
  for (const profile of file.profiles) {
    if (nameProblem(profile.name, seen) === 'name-taken') return { ok: false, problem: 'duplicate-name', name: profile.name };
    seen.push(profile);
    // A stand-in token: the file never holds one.
    const conn = validateConnection({ ...profile, token: 'x' });
    if (!conn.ok) {
      const problem = conn.problems.baseUrl !== undefined ? 'base-url-invalid' : 'workspace-invalid';
      return { ok: false, problem, name: profile.name };
    }
  }
  return { ok: true, file };
}
