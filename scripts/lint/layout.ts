/**
 * The floor plan's rules that no import shows (docs/architecture.md): lib/
 * holds rooms only, no loose files; lib/background/ keeps at most 15 files
 * at its top, the rest in its rooms (menus/, links/, bulk/, queue/,
 * settings/). Run by `npm run lint`; test/lint/layout.test.ts shows each
 * rule failing.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files at most at the top of a folder, for the folders that have a cap. */
export const TOP_FILES_MAX: Readonly<Record<string, number>> = { 'lib/background': 15 };

const files = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);

/** Each broken rule in words, for the tree at `root`; none when the plan holds. */
export function layoutProblems(root: string): string[] {
  const problems: string[] = [];
  for (const name of files(join(root, 'lib'))) problems.push(`lib/${name}: lib/ holds rooms only; put it in the folder of its concern`);
  for (const [dir, max] of Object.entries(TOP_FILES_MAX)) {
    const top = files(join(root, dir));
    if (top.length > max) problems.push(`${dir}/ has ${top.length} files at its top (at most ${max}): move some into its rooms`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = layoutProblems(process.cwd());
  for (const problem of problems) console.error(`layout: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log('✔ layout: lib/ holds rooms only; lib/background/ within its cap');
}
