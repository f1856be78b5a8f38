/**
 * Runs addons-linter (the validator addons.mozilla.org runs on upload) on the
 * Firefox zip that `npm run zip:firefox` made. It fails on any error, and on
 * any warning but the ones listed in EXPLAINED, each explained in the README
 * (section "Store builds").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { FIREFOX_BUILD_DIR } from './firefox';
import { ROOT } from './chromium';

interface LinterMessage {
  code: string;
  message: string;
  file?: string;
  line?: number;
}

interface LinterResults {
  errors: LinterMessage[];
  warnings: LinterMessage[];
  notices: LinterMessage[];
}

interface AddonsLinter {
  createInstance(options: { config: Record<string, unknown>; runAsBinary: boolean }): { run(): Promise<LinterResults> };
}

interface Explained {
  code: string;
  why: string;
  /** True when this warning is the one explained (not a new one with the same code). */
  matches(message: LinterMessage): boolean;
}

const EXPLAINED: Explained[] = [
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    why: "Preact's runtime assigns innerHTML only for a dangerouslySetInnerHTML prop, which no component of ours sets (eslint no-unsanitized and a grep in this script keep it so).",
    matches: (m) => {
      if (!/innerHTML/.test(m.message) || m.file === undefined) return false;
      // The chunk is Preact's own: it holds the prop's name, and our sources never use it.
      return readFileSync(join(FIREFOX_BUILD_DIR, m.file), 'utf8').includes('dangerouslySetInnerHTML');
    },
  },
];

function ourSourcesUseDangerousHtml(): boolean {
  try {
    execFileSync('grep', ['-rlq', 'dangerouslySetInnerHTML', 'entrypoints', 'components', 'lib'], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const zip = join(ROOT, '.output', `${pkg.name}-${pkg.version}-firefox.zip`);
  if (!existsSync(zip)) throw new Error(`No Firefox zip at ${zip}: run "npm run zip:firefox" first.`);
  const require = createRequire(import.meta.url);
  const linter = (require('addons-linter') as AddonsLinter).createInstance({
    config: {
      _: [zip],
      logLevel: 'fatal',
      stack: false,
      pretty: false,
      warningsAsErrors: false,
      metadata: false,
      output: 'none',
      boring: false,
      selfHosted: false,
    },
    runAsBinary: false,
  });
  const results = await linter.run();
  const unexplained = results.warnings.filter((w) => !EXPLAINED.some((e) => e.code === w.code && e.matches(w)));
  const show = (m: LinterMessage) => `  ${m.code} ${m.file ?? ''}${m.line === undefined ? '' : `:${m.line}`} ${m.message}`;
  console.log(`addons-linter: ${results.errors.length} errors, ${results.warnings.length} warnings (${results.warnings.length - unexplained.length} explained), ${results.notices.length} notices`);
  for (const w of results.warnings) if (!unexplained.includes(w)) console.log(`${show(w)}\n    explained: ${EXPLAINED.find((e) => e.code === w.code)?.why ?? ''}`);
  const problems = [...results.errors, ...unexplained];
  if (ourSourcesUseDangerousHtml()) {
    console.error('  dangerouslySetInnerHTML is used in our sources: the explained innerHTML warning no longer holds.');
    process.exitCode = 1;
  }
  if (problems.length > 0) {
    for (const m of problems) console.error(show(m));
    process.exitCode = 1;
  }
}

await main();
