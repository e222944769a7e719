import { execFileSync } from 'node:child_process';

/** The server bundles `npm start` and the containers run, built from the sources as they are now (esbuild, a few seconds). */
export function buildServerBundles(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--server-only'], { stdio: 'inherit' });
}
