// @ts-check
/**
 * tsconfig.json's import aliases (`@/`, `~/`... for the project root) as a webpack resolve config,
 * the form in which dependency-cruiser takes aliases (.dependency-cruiser.js, webpackConfig).
 * TypeScript's own parser reads them, so the `extends` to .wxt/tsconfig.json is followed as tsc
 * follows it. dependency-cruiser's tsConfig option is not used: its resolver reads `paths` declared
 * in an extended file with no baseUrl against the wrong folder, and every `@/` import went unresolved.
 */
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * @param {string} tsconfigPath
 * @returns {Record<string, string>} alias -> the absolute folder it stands for
 */
function aliasesOf(tsconfigPath) {
  const { config, error } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfigPath), undefined, tsconfigPath);
  // Paths are relative to baseUrl, or without one to the file that declares them.
  const base = options.baseUrl ?? options.pathsBasePath;
  if (typeof base !== 'string') throw new Error(`${tsconfigPath}: cannot tell which folder its paths are relative to`);
  /** @type {Record<string, string>} */
  const aliases = {};
  for (const [pattern, targets] of Object.entries(options.paths ?? {})) {
    const name = pattern.replace(/\/\*$/, '');
    const target = targets.length === 1 ? targets[0] : '*'; // several targets: no one folder
    const targetFolder = target.replace(/\/\*$/, '');
    // `x` and `x/*` onto one folder are an alias; any other mapping would be resolved wrongly here, so it stops the lint.
    if (name.includes('*') || targetFolder.includes('*') || pattern.endsWith('/*') !== target.endsWith('/*')) {
      throw new Error(`${tsconfigPath}: paths "${pattern}" is not an alias of one folder; teach .dependency-cruiser-aliases.js to read it`);
    }
    const folder = resolve(base, targetFolder);
    if (aliases[name] !== undefined && aliases[name] !== folder) throw new Error(`${tsconfigPath}: "${name}" stands for two folders`);
    aliases[name] = folder;
  }
  return aliases;
}

export default { resolve: { alias: aliasesOf(join(import.meta.dirname, 'tsconfig.json')) } };
