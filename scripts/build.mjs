// Builds everything `npm start` and the tests need: the web app (Vite) and one bundled
// dist/main.js per service and gateway plus dist/embedded.js (esbuild; npm packages stay external).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.includes('--server-only');

const entries = [
  ['scripts/embedded/main.ts', 'dist/embedded.js'],
  ['gateway/src/main.ts', 'gateway/dist/main.js'],
  ...['quote', 'booking', 'payment', 'notification', 'review', 'admin-auth'].map((s) => [`services/${s}/src/main.ts`, `services/${s}/dist/main.js`]),
];

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    // Workspace packages (@vanhop/*) are bundled from source; everything from npm is required at run time.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vanhop/') ? undefined : { path: args.path, external: true }));
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
      plugins: [externalNpm],
    }),
  ),
);
console.log(`built ${entries.length} server bundles`);

if (!only) {
  execFileSync('npm', ['run', 'build', '-w', '@vanhop/frontend', '--silent'], { cwd: root, stdio: 'inherit' });
}
