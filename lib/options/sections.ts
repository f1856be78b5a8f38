/**
 * The options page's sections, in the nav's order. One is shown at a time
 * and each is addressable (`options.html#domains`), so a link, a reload or
 * the Back button lands on the same section.
 */
export const OPTIONS_SECTIONS = ['connection', 'shortening', 'appearance', 'domains', 'tags', 'rules', 'watch', 'queue', 'file'] as const;
export type OptionsSectionId = (typeof OPTIONS_SECTIONS)[number];

/** Where the page opens when the address names no section. */
export const FIRST_SECTION: OptionsSectionId = 'connection';

/** The names the page's parts had before it had sections, so an old link still lands in the right place. */
const ALIASES: Record<string, OptionsSectionId> = {
  profiles: 'connection',
  defaults: 'shortening',
  theme: 'appearance',
  settings: 'file',
  campaigns: 'rules',
  templates: 'rules',
};

/** The section a location hash names (`#domains`); the first one for anything else. */
export function sectionOf(hash: string): OptionsSectionId {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase();
  } catch {
    return FIRST_SECTION;
  }
  return OPTIONS_SECTIONS.find((s) => s === id) ?? ALIASES[id] ?? FIRST_SECTION;
}
