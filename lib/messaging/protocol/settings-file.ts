/**
 * The settings file: exported from the options page, and imported there
 * after the page has checked it with the same schema (lib/options/settings-file.ts).
 */
import * as v from 'valibot';
import { PROFILE_NAME_MAX } from '../../storage/profiles';
import { Empty, KeywordTypeSchema, Text } from './fields';
import { THEME_VALUES } from './settings';
import { TEMPLATE_NAME_MAX, TEMPLATES_MAX } from '../../campaign/template';
import { UTM_VALUE_MAX } from '../../campaign/utm';
import { PATTERN_MAX } from '../../site-rules/host-pattern';
import { RULES_MAX } from '../../site-rules/site-rule';
import { QR_STYLE_LOGO_MAX, QR_STYLE_NAME_MAX, QR_STYLES_MAX } from '../../qr/qr-style';

/** The settings file's format name and version: a file of another format is refused, not guessed at. */
export const SETTINGS_FILE_FORMAT = 'shortlink-settings';
export const SETTINGS_FILE_VERSION = 1;
/** More than anyone keeps by hand; bounds the work an odd file can cause. */
const SETTINGS_FILE_PROFILES_MAX = 50;

const UtmValue = v.pipe(v.string(), v.maxLength(UTM_VALUE_MAX));

const FileTemplateSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(TEMPLATE_NAME_MAX)),
  utm: v.object({ source: UtmValue, medium: UtmValue, campaign: UtmValue, term: UtmValue, content: UtmValue }),
});

/** Sizes bounded here, before any rule is read: a huge pattern or thousands of rules are refused as the wrong shape. */
const FileRuleSchema = v.object({
  pattern: v.pipe(v.string(), v.maxLength(PATTERN_MAX)),
  domain: v.optional(v.nullable(Text(300))),
  tags: v.optional(v.pipe(v.array(Text(200)), v.maxLength(50))),
  template: v.optional(v.pipe(v.string(), v.maxLength(TEMPLATE_NAME_MAX))),
  clean: v.optional(v.boolean()),
});

/**
 * A saved QR style; the design's fields are checked again on import
 * (lib/qr/qr-style.ts, boundedStyles), the logo's size is bounded here.
 */
const FileQrStyleSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(QR_STYLE_NAME_MAX)),
  design: v.object({
    dark: Text(40),
    light: Text(40),
    logoSize: Text(20),
    quietZone: v.number(),
    level: Text(2),
  }),
  logo: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(QR_STYLE_LOGO_MAX)))),
});

const FileQrStylesSchema = v.object({
  styles: v.pipe(v.array(FileQrStyleSchema), v.maxLength(QR_STYLES_MAX)),
  defaultName: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(QR_STYLE_NAME_MAX)))),
});

const FileProfileSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PROFILE_NAME_MAX)),
  baseUrl: Text(2048),
  workspaceId: Text(200),
  /** The profile's campaign templates and site rules (lib/site-rules/setup-file.ts). */
  templates: v.optional(v.pipe(v.array(FileTemplateSchema), v.maxLength(TEMPLATES_MAX))),
  rules: v.optional(v.pipe(v.array(FileRuleSchema), v.maxLength(RULES_MAX))),
  /** The profile's saved QR styles, logos included (lib/qr/qr-style.ts). */
  qrStyles: v.optional(FileQrStylesSchema),
});

/**
 * Exported settings: profiles WITHOUT tokens, and preferences. Unknown keys
 * are ignored (a newer version's extra preferences); a preference left out
 * keeps its current value.
 */
export const SettingsFileSchema = v.object({
  format: v.literal(SETTINGS_FILE_FORMAT),
  version: v.literal(SETTINGS_FILE_VERSION),
  /** The name of the profile that was active, if any. */
  active: v.optional(v.string()),
  profiles: v.pipe(v.array(FileProfileSchema), v.maxLength(SETTINGS_FILE_PROFILES_MAX)),
  preferences: v.object({
    autoShorten: v.optional(v.boolean()),
    copyToClipboard: v.optional(v.boolean()),
    keywordType: v.optional(KeywordTypeSchema),
    defaultDomain: v.optional(v.nullable(Text(300))),
    notifyQueued: v.optional(v.boolean()),
    theme: v.optional(v.picklist(THEME_VALUES)),
    cleanLinks: v.optional(v.boolean()),
    samePageIgnoresCampaign: v.optional(v.boolean()),
  }),
});

export type SettingsFile = v.InferOutput<typeof SettingsFileSchema>;

const IMPORT_PROBLEMS = ['duplicate-name', 'name-invalid', 'base-url-invalid', 'workspace-invalid', 'default-domain-invalid', 'template-invalid', 'rule-invalid'] as const;

const ImportSettingsAnswerSchema = v.variant('ok', [
  v.object({
    ok: v.literal(true),
    /** Ids of the profiles without a token (every one the file added). */
    needToken: v.array(v.string()),
    /** Profiles of the file added under another name: a stored one of theirs points elsewhere, and an import never re-points it. */
    renamed: v.array(v.object({ from: v.string(), to: v.string() })),
  }),
  /** Nothing was applied; `index` is the offending profile's place in the file (absent for a preference). */
  v.object({ ok: v.literal(false), problem: v.picklist(IMPORT_PROBLEMS), index: v.optional(v.number()) }),
]);

export const SETTINGS_FILE_MESSAGES = {
  exportSettings: { request: Empty, answer: SettingsFileSchema },
  importSettings: { request: SettingsFileSchema, answer: ImportSettingsAnswerSchema },
};
