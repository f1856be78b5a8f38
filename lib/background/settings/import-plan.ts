/**
 * What importing a settings file changes, worked out before anything is
 * written: the import applies all of it or nothing (lib/background/settings/profiles.ts).
 *
 * An import never changes a profile that exists (docs/design.md, Security:
 * importing settings never re-points a profile). A profile of the file with
 * the name of an existing one (ignoring case and spaces):
 * - with the same service and workspace, is that profile: it stays as it is,
 *   token included (re-importing one's own export changes nothing);
 * - otherwise is added beside it under a name of its own ("Work (2)"),
 *   without a token, and is not made active.
 * Added rather than refused: the file is applied all or nothing, so refusing
 * would make a colleague's file unusable for a clash of common names like
 * "Work"; added, nothing of the existing profile changes (its address, its
 * token, its waiting items), the new one is told apart by its name, asks for
 * its own token, and can be deleted in one click.
 */
import type { AnswerOf, RequestOf } from '../../messaging/send-message';
import { validateConnection } from '../../storage/connection-rules';
import { defaultDomainOf } from '../../storage/default-domain';
import { distinctName, nameProblem, type Profile, type ProfileSet } from '../../storage/profiles';
import { newProfileId, type Preferences } from '../../storage/settings';
import type { LinkSetup } from '../../site-rules/link-setup';
import { setupFromFile } from '../../site-rules/setup-file';
import { boundedStyles, type QrStyles } from '../../qr/qr-style';

type SettingsFile = RequestOf<'importSettings'>;
type Refusal = Extract<AnswerOf<'importSettings'>, { ok: false }>;

export interface ImportPlan {
  ok: true;
  set: ProfileSet;
  prefs: Preferences;
  /** Profiles of the file added under another name, because one of theirs points elsewhere. */
  renamed: { from: string; to: string }[];
  /** Ids of the profiles without a token (every one the file added). */
  needToken: string[];
  /** The templates and site rules the file gives, by the id of the profile they now belong to. */
  setups: Record<string, LinkSetup>;
  /** The QR styles the file gives, by the id of the profile they now belong to. */
  qrStyles: Record<string, QrStyles>;
}

const newSetupId = () => crypto.randomUUID();

export function planImport(current: ProfileSet, prefs: Preferences, file: SettingsFile, newId: () => string = newProfileId): ImportPlan | Refusal {
  const profiles = [...current.profiles];
  const renamed: ImportPlan['renamed'] = [];
  /** The id each entry of the file became, and whether it was renamed. */
  const placed: { id: string; renamed: boolean }[] = [];
  const seen: { name: string }[] = [];
  const setupOf = new Map<number, LinkSetup>();
  const stylesOf = new Map<number, QrStyles>();
  for (const [index, entry] of file.profiles.entries()) {
    const name = nameProblem(entry.name, seen);
    if (name !== null) return { ok: false, problem: name === 'name-taken' ? 'duplicate-name' : 'name-invalid', index };
    seen.push(entry);
    // The rules of a saved profile, with a stand-in token: the file has none.
    const conn = validateConnection({ ...entry, token: 'x' });
    if (!conn.ok) return { ok: false, problem: conn.problems.baseUrl !== undefined ? 'base-url-invalid' : 'workspace-invalid', index };
    const { baseUrl, workspaceId } = conn.value;
    const setup = entry.templates === undefined && entry.rules === undefined ? null : setupFromFile(entry, newSetupId);
    if (setup !== null && !setup.ok) return { ok: false, problem: setup.problem, index };
    if (setup !== null) setupOf.set(index, setup.setup);
    // Styles are kept as far as they are sound (a bad colour falls back, a bad logo is left out), never refused whole.
    if (entry.qrStyles !== undefined) stylesOf.set(index, boundedStyles(entry.qrStyles));
    const same = profiles.find((p) => nameProblem(entry.name, [p]) === 'name-taken');
    if (same !== undefined && same.baseUrl === baseUrl && same.workspaceId === workspaceId) {
      placed.push({ id: same.id, renamed: false });
      continue;
    }
    // Clear of the names stored and of every name in the file, so a later entry keeps its own.
    const others = [...profiles, ...file.profiles.filter((_, i) => i !== index)];
    const added: Profile = { id: newId(), name: distinctName(entry.name, others), baseUrl, token: '', workspaceId };
    if (same !== undefined) renamed.push({ from: same.name, to: added.name });
    profiles.push(added);
    placed.push({ id: added.id, renamed: same !== undefined });
  }

  const { defaultDomain, ...others } = file.preferences;
  // Left out of the file: the current one stays as it is.
  const domain = defaultDomain === undefined ? { ok: true as const, value: prefs.defaultDomain } : defaultDomainOf(defaultDomain);
  if (!domain.ok) return { ok: false, problem: 'default-domain-invalid' };
  const next: Preferences = { ...prefs, defaultDomain: domain.value };
  for (const [key, value] of Object.entries(others)) {
    if (value !== undefined) Object.assign(next, { [key]: value });
  }

  const set = { activeId: activeAfter(current, profiles, file, placed), profiles };
  const setups: Record<string, LinkSetup> = {};
  for (const [index, setup] of setupOf) {
    const id = placed[index]?.id;
    if (id !== undefined) setups[id] = setup;
  }
  const qrStyles: Record<string, QrStyles> = {};
  for (const [index, styles] of stylesOf) {
    const id = placed[index]?.id;
    if (id !== undefined) qrStyles[id] = styles;
  }
  return { ok: true, set, prefs: next, renamed, needToken: profiles.filter((p) => p.token === '').map((p) => p.id), setups, qrStyles };
}

/** The file's active profile when it is one of the file's own or the same as a stored one; never one added under another name. */
function activeAfter(current: ProfileSet, profiles: readonly Profile[], file: SettingsFile, placed: { id: string; renamed: boolean }[]): string {
  const keep = profiles.some((p) => p.id === current.activeId) ? current.activeId : (profiles[0]?.id ?? '');
  if (file.active === undefined) return keep;
  const active = file.active;
  const index = file.profiles.findIndex((entry) => nameProblem(active, [entry]) === 'name-taken');
  const inFile = index === -1 ? undefined : placed[index];
  if (inFile !== undefined) return inFile.renamed ? keep : inFile.id;
  return profiles.find((p) => nameProblem(active, [p]) === 'name-taken')?.id ?? keep;
}
