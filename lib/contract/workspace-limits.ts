/**
 * How much one workspace may hold, where a list has no paging or a claim
 * costs others something. The service refuses past these (TAG_LIMIT_REACHED,
 * DOMAIN_CLAIM_LIMIT_REACHED); the extension names the numbers in its words.
 * docs/service.md ("Limits") says why each is what it is.
 */

/** GET /tag answers the whole list (docs/interface.md has no paging for it): 1,000 names of 50 characters are 50 to 150 KB. */
export const TAGS_PER_WORKSPACE_MAX = 1000;

/**
 * Custom domains claimed but not set up (their DNS proof not, or no longer,
 * in place). A claim holds the name against other workspaces until it is
 * proven or deleted, so one workspace may not sit on many.
 */
export const UNPROVEN_DOMAINS_PER_WORKSPACE_MAX = 20;
