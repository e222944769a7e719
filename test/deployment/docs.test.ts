import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEPLOYABLES } from './deployables.js';
import { probeConfig } from './config-reads.js';
import { Cluster, loadK8sObjects, resolveEnv, type Deployment } from './k8s-manifests.js';

const DOC = readFileSync(fileURLToPath(new URL('../../docs/DEPLOYMENT.md', import.meta.url)), 'utf8');
/** The configuration tables (the README links to them). */
const CONFIGURATION = readFileSync(fileURLToPath(new URL('../../docs/CONFIGURATION.md', import.meta.url)), 'utf8');
const cluster = new Cluster(loadK8sObjects());

/** Names in the first column of the doc's tables: | `NAME` | ... */
const documented = new Set([...CONFIGURATION.matchAll(/^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|/gm)].map((m) => m[1]));

describe('configuration and deployment docs', () => {
  it('documents every variable the gateway and the services read', () => {
    const missing = new Map<string, Set<string>>();
    for (const d of DEPLOYABLES) {
      const dep = cluster.find<Deployment>('Deployment', d.name)!;
      // Embedded defaults, then the cluster's env with every optional integration on, so reads
      // that depend on another setting (STRIPE_WEBHOOK_SECRET after STRIPE_SECRET_KEY) are seen.
      const envs = [{}, resolveEnv(cluster, dep.spec.template.spec.containers[0]!, { optional: 'set' }).values];
      for (const env of envs) {
        for (const name of probeConfig(d.loadConfig, env).read) {
          if (!documented.has(name)) missing.set(name, (missing.get(name) ?? new Set()).add(d.name));
        }
      }
    }
    expect(Object.fromEntries([...missing].map(([n, who]) => [n, [...who].join(', ')]))).toEqual({});
  });

  it('says what the MongoDB-protocol test server lacks and how to test Stripe webhooks locally', () => {
    expect(DOC).toMatch(/mongo-java-server/);
    expect(DOC).toMatch(/stripe listen --forward-to \S+\/api\/payments\/webhook/);
  });
});

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Source and docs files a maintainer reads (no dependencies, no build output). */
function readable(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'data'].includes(e.name) ? [] : readable(rel);
    return /\.(ts|tsx|mjs|css|md)$/.test(e.name) ? [rel] : [];
  });
}

/** Files allowed to cite design notes outside the repository: none. */
const STILL_CITING_OUTSIDE = new Set<string>([]);

describe('the repository explains itself', () => {
  const files = [
    'README.md',
    ...['docs', 'contracts', 'services', 'gateway', 'frontend/src', 'test', 'scripts'].flatMap(readable),
  ];

  it('cites its own docs, never design notes outside the repository or absolute paths', () => {
    const outside = /\bSPEC\.md\b|\bDESIGN\.md\b|\bSPEC\b(?!_)|\/work\/shared/;
    const citing = files.filter((f) => outside.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(citing.filter((f) => !STILL_CITING_OUTSIDE.has(f))).toEqual([]);
    // The list only shrinks: an entry whose file no longer cites outside must go.
    expect([...STILL_CITING_OUTSIDE].filter((f) => !citing.includes(f))).toEqual([]);
  });

  it('has the product rules a maintainer needs, and every docs/ page a file cites exists', () => {
    for (const page of ['WIRE-CONTRACT', 'PRICING', 'BOOKING-LIFECYCLE', 'SCREENS'])
      expect(existsSync(path.join(ROOT, 'docs', `${page}.md`)), page).toBe(true);
    const cited = new Set(
      files.flatMap((f) =>
        [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(/\bdocs\/([A-Z][A-Z0-9-]*\.md)/g)].map((m) => m[1]),
      ),
    );
    expect([...cited].filter((page) => !existsSync(path.join(ROOT, 'docs', page!)))).toEqual([]);
  });

  it('links between the docs resolve', () => {
    const broken: string[] = [];
    for (const f of files.filter((f) => f.startsWith('docs/'))) {
      for (const [, target] of readFileSync(path.join(ROOT, f), 'utf8').matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)) {
        if (!/^https?:/.test(target!) && !existsSync(path.join(ROOT, path.dirname(f), target!)))
          broken.push(`${f} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
