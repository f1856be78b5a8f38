/**
 * The workspace tags a tag field offers as the user types: those not chosen
 * yet, whose name contains the typed text (ignoring case), those that start
 * with it first, at most `limit` (a workspace may hold a thousand tags).
 */
export function tagSuggestions(listed: readonly string[], chosen: readonly string[], typed: string, limit = 8): string[] {
  const query = typed.trim().toLocaleLowerCase();
  const taken = new Set(chosen.map((name) => name.toLocaleLowerCase()));
  const starts: string[] = [];
  const contains: string[] = [];
  for (const name of listed) {
    const lower = name.toLocaleLowerCase();
    if (taken.has(lower)) continue;
    if (lower.startsWith(query)) starts.push(name);
    else if (lower.includes(query)) contains.push(name);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}
