import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOYABLES, type Deployable } from './deployables.js';
import {
  Cluster,
  K8S_DIR,
  loadK8sObjects,
  resolveEnv,
  type Container,
  type Deployment,
  type K8sObject,
} from './k8s-manifests.js';
import { PolicySet, type Endpoint, type NetworkPolicy, type Port } from './network-policy.js';

/*
 * k8s/network-policy.yaml against the programs' real topology. What each program needs is read
 * from its own config loader, run on the environment its Deployment gives it: the service URLs
 * its config hands to its adapters (the HTTP calls it makes), whether it runs on Kafka, MongoDB,
 * Redis and SMTP, and which outside APIs it has keys for. Every connection between the programs,
 * the infrastructure, DNS, the Ingress controller, Prometheus, other namespaces and the internet
 * is then asked of the policies: allowed exactly when needed.
 */
const cluster = new Cluster(loadK8sObjects());
const infra = new Cluster(loadK8sObjects(path.join(K8S_DIR, 'dev-infra')));
const policies = new PolicySet(cluster.all<NetworkPolicy>('NetworkPolicy'));

type Config = Record<string, unknown> & { platform: { eventBus: string; store: string; cache: string } };
type Need = 'kafka' | 'mongo' | 'redis' | 'smtp' | 'https';

const container = (d: Deployment): Container => d.spec.template.spec.containers[0]!; // a Deployment has at least one
const deployment = (name: string) => cluster.find<Deployment>('Deployment', name)!;

/** The config a program starts with in the cluster, every optional integration switched on. */
function configOf(d: Deployable): Config {
  return d.loadConfig(resolveEnv(cluster, container(deployment(d.name))).values) as unknown as Config;
}

/** Programs whose Service a config points at: every http:// URL in it whose host is a Service. */
function callees(config: unknown): Set<string> {
  const services = new Set(cluster.all('Service').map((s) => s.metadata.name));
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' && /^http:\/\//.test(v)) {
      const host = new URL(v).hostname;
      if (services.has(host)) found.add(host);
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(config);
  return found;
}

/** The outside APIs a config has credentials for, by where each config keeps them. */
type OutsideApiSettings = {
  googleMapsApiKey?: string;
  googleMapsBaseUrl?: string;
  google?: { baseUrl: string };
  stripe?: object | null;
  sms?: { providerUrl?: string };
  telephony?: { providerUrl?: string };
};
const OUTSIDE_APIS: Record<string, (c: OutsideApiSettings) => unknown[]> = {
  quote: (c) => [c.googleMapsApiKey && c.googleMapsBaseUrl],
  review: (c) => [c.google?.baseUrl],
  payment: (c) => [c.stripe && 'https://api.stripe.com'],
  notification: (c) => [c.sms?.providerUrl],
  fleet: (c) => [c.telephony?.providerUrl],
};

function needsOf(d: Deployable) {
  const config = configOf(d);
  const needs = new Set<Need>();
  if (config.platform.eventBus === 'kafka') needs.add('kafka');
  if (config.platform.store === 'mongo') needs.add('mongo');
  if (config.platform.cache === 'redis') needs.add('redis');
  if (config.mailTransport === 'smtp') needs.add('smtp');
  if (
    (OUTSIDE_APIS[d.name]?.(config as OutsideApiSettings) ?? []).some(
      (url) => typeof url === 'string' && url.startsWith('https://'),
    )
  )
    needs.add('https');
  return { calls: callees(config), needs };
}
const NEEDS = Object.fromEntries(DEPLOYABLES.map((d) => [d.name, needsOf(d)]));

const tcp = (port: number, name?: string): Port => ({ name, port, protocol: 'TCP' });
const podPorts = (c: Container): Port[] => (c.ports ?? []).map((p) => tcp(p.containerPort, p.name));
const podOf = (
  d: K8sObject & {
    spec: { template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } } };
  },
): Endpoint => ({
  kind: 'pod',
  id: d.metadata.name,
  namespace: d.metadata.namespace!,
  labels: d.spec.template.metadata.labels,
  ports: d.spec.template.spec.containers.flatMap(podPorts),
});

const programs = DEPLOYABLES.map((d) => podOf(deployment(d.name)));
/** k8s/dev-infra's servers, and the port each is reached on (its Service's). */
const infraPods = [...infra.all<Deployment>('StatefulSet'), ...infra.all<Deployment>('Deployment')].map(podOf);
const infraPort = (name: string, portName: string) =>
  infraPods.find((p) => p.id === name)!.ports.find((p) => p.name === portName)!.port;
/** Submission ports of an SMTP relay outside the cluster (the Secret template's SMTP_URL forms). */
const SMTP_RELAY_PORTS = [587, 465];
const INFRA_PORTS: Record<Exclude<Need, 'https'>, number[]> = {
  kafka: [infraPort('kafka', 'kafka')],
  mongo: [infraPort('mongo', 'mongo')],
  redis: [infraPort('redis', 'redis')],
  smtp: [infraPort('mailpit', 'smtp'), ...SMTP_RELAY_PORTS],
};

const dns: Endpoint = {
  kind: 'pod',
  id: 'kube-dns',
  namespace: 'kube-system',
  labels: { 'k8s-app': 'kube-dns' },
  ports: [tcp(53), { port: 53, protocol: 'UDP' }],
};
const ingressController: Endpoint = {
  kind: 'pod',
  id: 'ingress-nginx controller',
  namespace: 'ingress-nginx',
  labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
  ports: [tcp(80), tcp(443)],
};
const prometheus: Endpoint = {
  kind: 'pod',
  id: 'prometheus',
  namespace: 'monitoring',
  labels: { 'app.kubernetes.io/name': 'prometheus' },
  ports: [tcp(9090)],
};
const stranger: Endpoint = {
  kind: 'pod',
  id: 'a pod in another namespace',
  namespace: 'default',
  labels: { app: 'other' },
  ports: [tcp(8080), tcp(443)],
};
const allInfraPorts = [...new Set(Object.values(INFRA_PORTS).flat())].map((p) => tcp(p));
/** A managed database or broker on the provider's private network, and a host on the internet. */
const privateHost: Endpoint = {
  kind: 'external',
  id: 'private 10.20.0.5',
  ip: '10.20.0.5',
  ports: [...allInfraPorts, tcp(443), tcp(5432)],
};
const internetHost: Endpoint = {
  kind: 'external',
  id: 'internet 203.0.113.10',
  ip: '203.0.113.10',
  ports: [...allInfraPorts, tcp(443), tcp(80), tcp(25)],
};

const outsiders = [dns, ingressController, prometheus, stranger, ...infraPods, privateHost, internetHost];
const isProgram = (e: Endpoint) => e.kind === 'pod' && e.namespace === 'vanhop';

/** Whether a connection is one the system needs. */
function needed(from: Endpoint, to: Endpoint, port: Port): boolean {
  if (isProgram(to)) {
    const dep = deployment(to.id);
    if (from === ingressController) return to.id === 'gateway' && port.port === container(dep).ports![0]!.containerPort;
    // Prometheus scrapes /metrics where the pod's annotation says.
    if (from === prometheus)
      return (
        String(port.port) ===
        (dep.spec.template.metadata as { annotations?: Record<string, string> }).annotations?.['prometheus.io/port']
      );
    if (!isProgram(from)) return false;
    return NEEDS[from.id]!.calls.has(to.id) && port.port === container(dep).ports![0]!.containerPort;
  }
  if (!isProgram(from)) return false;
  const { needs } = NEEDS[from.id]!;
  if (to === dns) return true;
  if (to === internetHost && port.port === 443) return needs.has('https');
  if (to.kind === 'pod' && !infraPods.includes(to)) return false;
  return (Object.entries(INFRA_PORTS) as [Need, number[]][]).some(
    ([need, ports]) => needs.has(need) && ports.includes(port.port),
  );
}

function mismatches(set: PolicySet) {
  const wrong: string[] = [];
  for (const from of [...programs, ...outsiders]) {
    for (const to of [...programs, ...outsiders]) {
      if (!isProgram(from) && !isProgram(to)) continue;
      for (const port of to.ports) {
        const allowed = set.allows(from, to, port);
        if (allowed !== needed(from, to, port))
          wrong.push(
            `${from.id} -> ${to.id}:${port.port}/${port.protocol} ${allowed ? 'allowed but not needed' : 'needed but blocked'}`,
          );
      }
    }
  }
  return wrong;
}

describe('k8s/network-policy.yaml against what each program needs', () => {
  it('reads the topology from the programs themselves', () => {
    // Spot checks that the reading works: the wire contract's calls and the gateway's proxying.
    expect([...NEEDS.gateway!.calls].sort()).toEqual(
      DEPLOYABLES.filter((d) => d.name !== 'gateway')
        .map((d) => d.name)
        .sort(),
    );
    expect(NEEDS.review!.calls).toEqual(new Set(['booking']));
    expect(NEEDS.quote!.calls.size).toBe(0);
    // The supply side: the drivers' holds and contacts are fleet's, and fleet asks quote to rank and geocode.
    expect(NEEDS.fleet!.calls).toEqual(new Set(['quote']));
    expect(NEEDS.payment!.calls).toEqual(new Set(['booking', 'fleet']));
    expect(NEEDS.notification!.calls).toEqual(new Set(['booking', 'fleet']));
    expect(NEEDS.booking!.calls).toEqual(new Set(['quote', 'fleet', 'payment']));
    expect(NEEDS.fleet!.needs).toEqual(new Set(['kafka', 'mongo', 'redis', 'https']));
    expect([...NEEDS.gateway!.needs]).toEqual(['redis']);
    expect(NEEDS.notification!.needs).toEqual(new Set(['kafka', 'mongo', 'redis', 'smtp', 'https']));
  });

  it('allows every connection that is needed and no other', () => {
    expect(mismatches(policies)).toEqual([]);
  });

  it('would notice: with no policies everything is open, with only the default deny nothing is', () => {
    expect(mismatches(new PolicySet([]))).toContain('review -> payment:4103/TCP allowed but not needed');
    const denyAll = cluster
      .all<NetworkPolicy>('NetworkPolicy')
      .filter((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress);
    expect(denyAll.map((p) => p.spec.policyTypes)).toEqual([['Ingress', 'Egress']]);
    expect(mismatches(new PolicySet(denyAll))).toContain(
      'ingress-nginx controller -> gateway:8080/TCP needed but blocked',
    );
  });
});
