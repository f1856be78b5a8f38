/**
 * Reads a settings file chosen for import: its size before a byte of it is
 * read, then JSON, the file's schema (lib/messaging/protocol/settings-file.ts)
 * and the rules every profile and the default domain meet, so a bad file is
 * refused with a reason before anything is sent or applied.
 */
import * as v from 'valibot';
import { validateConnection } from '../storage/connection-rules';
import { defaultDomainOf } from '../storage/default-domain';
import { SettingsFileSchema, type SettingsFile } from '../messaging/protocol/settings-file';
import { nameProblem } from '../storage/profiles';
import { setupFromFile } from '../site-rules/setup-file';

/** A settings file of 50 profiles is a few KB; anything near this is not one. */
export const SETTINGS_FILE_MAX_BYTES = 256 * 1024;

/** The part of a chosen File this reads: its size first, its text only when that is small enough. */
export type ChosenFile = Pick<Blob, 'size' | 'text'>;

export type FileVerdict =
  | { ok: true; file: SettingsFile }
  | { ok: false; problem: 'too-big' | 'not-json' | 'default-domain-invalid' }
  /** `at`: where in the file, as a dotted path (`profiles.1.baseUrl`). */
  | { ok: false; problem: 'bad-format'; at: string }
  | { ok: false; problem: 'duplicate-name' | 'name-invalid' | 'base-url-invalid' | 'workspace-invalid' | 'template-invalid' | 'rule-invalid'; name: string };

export async function readSettingsFile(chosen: ChosenFile): Promise<FileVerdict> {
  // Checked before reading: a huge file would otherwise be read whole into memory first.
  if (chosen.size > SETTINGS_FILE_MAX_BYTES) return { ok: false, problem: 'too-big' };
  return parseSettingsText(await chosen.text());
}

export function parseSettingsText(text: string): FileVerdict {
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
    const name = nameProblem(profile.name, seen);
    if (name !== null) return { ok: false, problem: name === 'name-taken' ? 'duplicate-name' : 'name-invalid', name: profile.name };
    seen.push(profile);
    // A stand-in token: the file never holds one.
    const conn = validateConnection({ ...profile, token: 'x' });
    if (!conn.ok) {
      const problem = conn.problems.baseUrl !== undefined ? 'base-url-invalid' : 'workspace-invalid';
      return { ok: false, problem, name: profile.name };
    }
    // Templates and rules pass the checks of a save, or the whole file is refused.
    let n = 0;
    const setup = setupFromFile(profile, () => `check-${++n}`);
    if (!setup.ok) return { ok: false, problem: setup.problem, name: profile.name };
  }
  const domain = file.preferences.defaultDomain;
  if (domain !== undefined && !defaultDomainOf(domain).ok) return { ok: false, problem: 'default-domain-invalid' };
  return { ok: true, file };
}
