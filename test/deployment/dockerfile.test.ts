import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOYABLES } from './deployables.js';
import { DOCKERFILE_PATH, instructionsOf, loadDockerfile, type Stage } from './dockerfile.js';

const ROOT = path.dirname(DOCKERFILE_PATH);
const { args, stages } = loadDockerfile();
const stage = (name: string): Stage => {
  const s = stages.find((x) => x.name === name);
  if (!s) throw new Error(`Dockerfile has no stage ${name}`);
  return s;
};
const runtime = stages.at(-1)!;
const workspaces: string[] = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;

/** Folders a program reads at run time besides its bundle (e.g. services/quote/data). */
function runtimeAssets(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir))
    .filter(
      (f) => statSync(path.join(ROOT, dir, f)).isDirectory() && !['src', 'test', 'dist', 'node_modules'].includes(f),
    )
    .map((f) => `${dir}/${f}`);
}

describe('Dockerfile', () => {
  it('builds and runs on node:20-slim, the runtime starting from a clean base image', () => {
    expect(args.NODE_IMAGE).toBe('node:20-slim');
    expect(stage('base').from).toBe('${NODE_IMAGE}');
    expect(runtime.from).toBe('${NODE_IMAGE}');
    expect(stage('build').from).toBe('manifests');
    expect(stage('runtime-deps').from).toBe('manifests');
  });

  it('copies the lockfile and the package.json of every workspace before installing (cached install layers)', () => {
    const copies = instructionsOf(stage('manifests'), 'COPY').join('\n');
    expect(copies).toMatch(/package\.json package-lock\.json/);
    for (const ws of workspaces) expect(copies, ws).toContain(`${ws}/package.json ${ws}/`);
  });

  it('installs everything and builds in the build stage', () => {
    const runs = instructionsOf(stage('build'), 'RUN').join('\n');
    expect(runs).toMatch(/npm ci\b/);
    expect(runs).toMatch(/npm run build\b/);
  });

  it('installs production dependencies of exactly the server workspaces for the runtime', () => {
    const install = instructionsOf(stage('runtime-deps'), 'RUN').find((r) => r.includes('npm ci'))!;
    expect(install).toContain('--omit=dev');
    const named = [...install.matchAll(/--workspace[= ](\S+)/g)].map((m) => m[1]).sort();
    expect(named).toEqual(DEPLOYABLES.map((d) => d.dir).sort());
  });

  it('puts every bundle, its run-time files and the web app in the runtime stage', () => {
    const copies = instructionsOf(runtime, 'COPY');
    const has = (from: string) => copies.some((c) => c === `--from=build /app/${from} ${from}`);
    for (const d of DEPLOYABLES) {
      expect(has(`${d.dir}/dist`), `${d.dir}/dist`).toBe(true);
      for (const asset of runtimeAssets(d.dir)) expect(has(asset), asset).toBe(true);
    }
    expect(has('frontend/dist'), 'frontend/dist (served by the gateway)').toBe(true);
    expect(copies).toContain('--from=runtime-deps /app ./');
    expect(instructionsOf(runtime, 'RUN').join(' ')).not.toMatch(/npm (ci|install)/);
  });

  it('runs as a numeric non-root user, so Kubernetes can verify runAsNonRoot', () => {
    const users = instructionsOf(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    const [uid] = users.at(-1)!.split(':');
    expect(uid).toMatch(/^\d+$/);
    expect(Number(uid)).toBeGreaterThan(0);
  });

  it('keeps dependencies and build outputs out of the build context', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const p of ['**/node_modules', '**/dist', '.git', '.env']) expect(ignored, p).toContain(p);
  });
});
