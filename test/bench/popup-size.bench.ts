/**
 * Bytes of JavaScript each extension page loads: every `<script src>` and
 * `<link rel="modulepreload">` of its HTML, then every chunk those import
 * statically, once each. Raw and gzip (level 9, per file). Builds the
 * extension first when `.output/chrome-mv3` is missing.
 * Budget (docs/design.md, Performance budgets): the popup's first load ≤ 20 KB gzip,
 * Preact and the icons included (the recent list, the customise panel, the
 * address field, the QR encoder, the failure banner and the profile switcher
 * load later, by dynamic import), and no
 * validation code (valibot) in it: the popup uses the message protocol's
 * types only (lib/messaging/send-message.ts). Prints a Markdown section;
 * exits 1 when over or when valibot is found.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, '.output/chrome-mv3');
const PAGES = ['popup.html', 'options.html', 'sidepanel.html'];
const BUDGET_GZIP = { 'popup.html': 20 * 1024 } as Record<string, number>;
/** Pages that must not carry valibot; every valibot schema object has these keys, which minifiers keep. */
const NO_VALIBOT = new Set(['popup.html']);
const VALIBOT_MARKERS = ["'~standard'", '"~standard"', "'~run'", '"~run"'];

if (!existsSync(join(OUT, 'manifest.json'))) {
  process.stderr.write('No build: running wxt build\n');
  const run = spawnSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) process.exit(1);
}

/** `/chunks/a.js` from the HTML is relative to the extension root; `./b.js` in a chunk to the chunk. */
function resolve(from: string, spec: string): string | null {
  if (/^[a-z]+:/i.test(spec)) return null; // never remote: the CSP allows only 'self'
  return normalize(spec.startsWith('/') ? join(OUT, spec) : join(dirname(from), spec));
}

function entryScripts(htmlPath: string): string[] {
  const html = readFileSync(htmlPath, 'utf8');
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) if (m[1]) found.push(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) if (m[1]) found.push(m[1]);
  return found.map((s) => resolve(htmlPath, s)).filter((s): s is string => s !== null);
}

/** Static imports of a built chunk (`import{a}from"./x.js"`, `import"./y.js"`, `export{b}from"./z.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specs = [
    ...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g),
    ...code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g),
  ].map((m) => m[1] ?? '');
  return specs.map((s) => resolve(file, s)).filter((s): s is string => s !== null && s.endsWith('.js'));
}

function pageFiles(page: string): string[] {
  const seen = new Set<string>();
  const todo = entryScripts(join(OUT, page));
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(file));
  }
  return [...seen].sort();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: string[] = [];
const over: string[] = [];
for (const page of PAGES) {
  const files = pageFiles(page);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  if (NO_VALIBOT.has(page)) {
    const carrying = files.filter((f) => VALIBOT_MARKERS.some((m) => readFileSync(f, 'utf8').includes(m)));
    if (carrying.length > 0) over.push(`${page} (valibot in ${carrying.map((f) => f.slice(OUT.length + 1)).join(', ')})`);
  }
  const budget = BUDGET_GZIP[page];
  const verdict = budget === undefined ? '—' : gzip <= budget ? `≤ ${kb(budget)}: ok` : `≤ ${kb(budget)}: **over**`;
  if (budget !== undefined && gzip > budget) over.push(page);
  const names = files.map((f) => f.slice(OUT.length + 1)).join(', ');
  rows.push(`| ${page} | ${files.length} | ${kb(raw)} | ${kb(gzip)} | ${verdict} | ${names} |`);
}

process.stdout.write(
  [
    '## Extension page JavaScript',
    '',
    'JavaScript each page loads (its scripts, module preloads and their static imports), from `.output/chrome-mv3`. Gzip is per file, level 9.',
    '',
    '| Page | Files | Raw | Gzip | Budget | Files loaded |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
if (over.length > 0) {
  process.stderr.write(`Over budget: ${over.join(', ')}\n`);
  process.exit(1);
}
