// Builds everything `npm start` and the tests need: the web app (Vite) and one bundled
// dist/main.js per service and gateway plus dist/embedded.js (esbuild; npm packages stay external).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.includes('--server-only');

const entries = [
  ['scripts/embedded/main.ts', 'dist/embedded.js'],
  ['gateway/src/main.ts', 'gateway/dist/main.js'],
  ...['quote', 'fleet', 'booking', 'payment', 'notification', 'review', 'admin-auth'].map((s) => [
    `services/${s}/src/main.ts`,
    `services/${s}/dist/main.js`,
  ]),
];

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    // Workspace packages (@vanhop/*) are bundled from source; everything from npm is required at run time.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vanhop/') ? undefined : { path: args.path, external: true },
    );
  },
};

// Vite-style `?raw` imports (the web app's text files that the gateway's prerenderer shares).
const rawText = {
  name: 'raw-text',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.replace(/\?raw$/, '')),
      namespace: 'raw-text',
    }));
    b.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

await Promise.all(
  entries.map(([entry, out]) =>
    build({
      entryPoints: [path.join(root, entry)],
      outfile: path.join(root, out),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [rawText, externalNpm],
    }),
  ),
);
console.log(`built ${entries.length} server bundles`);

if (!only) {
  execFileSync('npm', ['run', 'build', '-w', '@vanhop/frontend', '--silent'], { cwd: root, stdio: 'inherit' });
}
