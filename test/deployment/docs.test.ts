import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEPLOYABLES } from './deployables.js';
import { probeConfig } from './config-reads.js';
import { Cluster, loadK8sObjects, resolveEnv, type Deployment } from './k8s-manifests.js';

const DOC = readFileSync(fileURLToPath(new URL('../../docs/DEPLOYMENT.md', import.meta.url)), 'utf8');
/** The configuration table lives in the README (the first thing a newcomer reads). */
const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
const cluster = new Cluster(loadK8sObjects());

/** Names in the first column of the doc's tables: | `NAME` | ... */
const documented = new Set([...README.matchAll(/^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|/gm)].map((m) => m[1]));

describe('configuration and deployment docs', () => {
  it('documents every variable the gateway and the services read', () => {
    const missing = new Map<string, Set<string>>();
    for (const d of DEPLOYABLES) {
      const dep = cluster.find<Deployment>('Deployment', d.name)!;
      // Embedded defaults, then the cluster's env with every optional integration on, so reads
      // that depend on another setting (STRIPE_WEBHOOK_SECRET after STRIPE_SECRET_KEY) are seen.
      const envs = [{}, resolveEnv(cluster, dep.spec.template.spec.containers[0], { optional: 'set' }).values];
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
