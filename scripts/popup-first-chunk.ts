/**
 * A Rollup `manualChunks` rule for the pages' build: the shared modules the
 * popup's first frame needs go into one chunk, `shared`.
 *
 * Why: every file an extension page loads is a request through the browser
 * process before the page's first statement runs, and Rollup otherwise
 * splits shared code by the set of pages using each module (the popup loaded
 * nine files). The popup's own modules stay in its chunk; the other pages
 * load `shared` too, as they need most of it anyway. A module of the
 * popup's first load that no other page loads, at once or later, stays in the
 * popup's chunk as well: the popup loads it either way, and the side panel,
 * whose JavaScript before its first chart has a budget, does not carry it.
 *
 * Icons come from lucide-preact's index, which re-exports every icon: the
 * walk follows only the icons a module names, read from the index's own
 * `export { default as Name } from './icons/name.mjs'` lines.
 */
import { readFileSync } from 'node:fs';

interface ModuleGraph {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean; code: string | null } | null;
}

const POPUP_ENTRY = /\/entrypoints\/popup\/index\.html$/;
/** The popup's own modules: they stay in the popup's chunk. */
const POPUP_OWN = /\/(entrypoints|components|lib)\/popup\//;
const ICON_INDEX = /\/lucide-preact\/dist\/esm\/lucide-preact\.mjs$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-preact["']/g;

/** Icon name (and its aliases) -> the icon's module, from the index's re-exports. */
function iconFiles(indexId: string): Map<string, string> {
  const files = new Map<string, string>();
  const dir = indexId.slice(0, indexId.lastIndexOf('/') + 1);
  for (const [, names, file] of readFileSync(indexId, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g)) {
    for (const [, name] of (names ?? '').matchAll(/default as (\w+)/g)) files.set(name ?? '', dir + (file ?? ''));
  }
  return files;
}

/** The icons a module imports by name from lucide-preact's index. */
function namedIcons(code: string | null, files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [, list] of (code ?? '').matchAll(ICON_IMPORT)) {
    for (const part of (list ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0] ?? '';
      const file = files.get(name);
      if (file !== undefined) found.push(file);
    }
  }
  return found;
}

/** The modules reachable from `entries` by static imports (and dynamic ones when `dynamic`), icons followed by name. */
function reach(graph: ModuleGraph, entries: readonly string[], dynamic: boolean): Set<string> {
  const ids = [...graph.getModuleIds()];
  const index = ids.find((id) => ICON_INDEX.test(id));
  const icons = index === undefined ? new Map<string, string>() : iconFiles(index);
  const seen = new Set<string>();
  const todo = [...entries];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    const imported = [...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : [])];
    todo.push(...imported.filter((next) => !ICON_INDEX.test(next)));
    if (imported.some((next) => ICON_INDEX.test(next))) todo.push(...namedIcons(info?.code ?? null, icons));
  }
  return seen;
}

/**
 * Makes the rule; the popup's first load, and every module another page
 * loads (at once or later), are computed once per build, at the first module
 * asked about. A module of the popup's first load that no other page loads
 * stays in the popup's own chunk: the popup loads it either way, and the
 * other pages, which load `shared` too, do not carry it.
 */
export function popupFirstChunk(): (id: string, graph: ModuleGraph) => string | undefined {
  let firstLoad: Set<string> | null = null;
  let elsewhere: Set<string> | null = null;
  return (id, graph) => {
    if (firstLoad === null || elsewhere === null) {
      const entries = [...graph.getModuleIds()].filter((m) => graph.getModuleInfo(m)?.isEntry === true);
      firstLoad = reach(graph, entries.filter((m) => POPUP_ENTRY.test(m)), false);
      elsewhere = reach(graph, entries.filter((m) => !POPUP_ENTRY.test(m)), true);
    }
    return firstLoad.has(id) && !POPUP_OWN.test(id) && elsewhere.has(id) ? 'shared' : undefined;
  };
}
