/**
 * Web app size budget: the JavaScript the home route downloads before it can render (the Vite entry chunk plus
 * everything it imports statically) must stay within 100 KB gzipped; maps, Stripe, admin and content pages are
 * lazy chunks and are reported separately.
 *
 *   npx tsx bench/bundle.ts            reads frontend/dist (builds it first when missing)
 *   npx tsx bench/bundle.ts --build    rebuilds the web app first
 *
 * Exits with code 1 when the budget is exceeded.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'frontend', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

if (process.argv.includes('--build') || !existsSync(manifestPath)) {
  execFileSync('npm', ['run', 'build', '-w', '@vanhop/frontend', '--silent'], { cwd: root, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The entry and its static imports, transitively: what the browser fetches before the first render. */
function initialChunks(m: Manifest): string[] {
  const entry = Object.keys(m).find((key) => m[key]!.isEntry);
  if (!entry) throw new Error(`no entry chunk in ${manifestPath}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    m[key]!.imports?.forEach(visit);
  };
  visit(entry);
  return [...seen];
}

const initialKeys = initialChunks(manifest);
const initialFiles = new Set(initialKeys.map((k) => manifest[k]!.file));
const jsFiles = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
const lazyFiles = jsFiles.filter((f) => !initialFiles.has(f));

const rows = [...initialFiles].map((file) => ({ file, gzip: gzipped(file) }));
const initialTotal = rows.reduce((sum, r) => sum + r.gzip, 0);
const lazyRows = lazyFiles.map((file) => ({ file, gzip: gzipped(file) })).sort((a, b) => b.gzip - a.gzip);
const lazyTotal = lazyRows.reduce((sum, r) => sum + r.gzip, 0);
const initialCss = [...new Set(initialKeys.flatMap((k) => manifest[k]!.css ?? []))];

console.log('Home route, initial JavaScript (gzip -9):');
for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.gzip).padStart(10)}`);
console.log(
  `  ${'total'.padEnd(48)} ${kb(initialTotal).padStart(10)}   budget ${kb(BUDGET_BYTES)}   ${initialTotal <= BUDGET_BYTES ? 'OK' : 'OVER BUDGET'}`,
);
if (initialCss.length)
  console.log(`Initial CSS: ${kb(initialCss.reduce((s, f) => s + gzipped(f), 0))} gzipped (${initialCss.join(', ')})`);
console.log(`\nLazy chunks (${lazyRows.length}), loaded on demand: ${kb(lazyTotal)} gzipped in total`);
for (const r of lazyRows) console.log(`  ${r.file.padEnd(48)} ${kb(r.gzip).padStart(10)}`);

if (initialTotal > BUDGET_BYTES) process.exitCode = 1;
