import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, serviceUrlVar, SERVICE_NAMES } from '@vanhop/platform';
import { DEPLOYABLES, type Deployable } from './deployables.js';
import { probeConfig } from './config-reads.js';
import {
  Cluster,
  K8S_DIR,
  containerPortNumber,
  loadK8sObjects,
  resolveEnv,
  selects,
  type ConfigMap,
  type LabelSelector,
  type Container,
  type Deployment,
  type K8sObject,
  type Secret,
  type Service,
} from './k8s-manifests.js';
import { COMPOSE_PATH, composeEnv, loadCompose, requiredFromOperator, type ComposeService } from './compose-file.js';

const ROOT = path.resolve(K8S_DIR, '..');
const cluster = new Cluster(loadK8sObjects());
const NAMESPACE = 'vanhop';
/** Variables whose values are credentials. */
const SECRET_NAME = /SECRET|SIGNUP_CODE|API_KEY|PLACES_KEY|PASSWORD|TOKEN/;

/**
 * The checks shared by Kubernetes and Compose: each variant of the env a program gets (optional
 * keys left out, optional keys all set) is one its config accepts in distributed mode, and every
 * variable in it is one the config reads.
 */
function expectConfigAccepts(
  d: Deployable,
  variants: Record<string, string>[],
  describeSource: (name: string) => string,
) {
  const read = new Set<string>();
  for (const env of variants) {
    const probe = probeConfig(d.loadConfig, env);
    const reason = probe.error instanceof ConfigError ? probe.error.message : String(probe.error);
    expect(probe.error, `${d.name}'s config rejects the manifest env: ${reason}`).toBeUndefined();
    expectDistributed(d, env, probe.config!.platform, probe.read);
    for (const n of probe.read) read.add(n);
  }
  // A name the config never looks at is a typo or stale configuration.
  const unknown = [...new Set(variants.flatMap((env) => Object.keys(env)))].filter((name) => !read.has(name));
  expect(
    unknown.map((n) => `${n} (${describeSource(n)})`),
    `${d.name}: variables its config does not read`,
  ).toEqual([]);
}

function expectDistributed(
  d: Deployable,
  env: Record<string, string>,
  p: { host: string; port: number; eventBus: string; store: string; cache: string },
  read: Set<string>,
) {
  // Distributed mode: real servers, reachable from other containers.
  expect(p.host, `${d.name} HOST`).toBe('0.0.0.0');
  expect(p.port, `${d.name} PORT`).toBe(d.port);
  expect(p.cache, `${d.name} CACHE`).toBe('redis');
  if (d.usesStoreAndBus) {
    expect(p.eventBus, `${d.name} EVENT_BUS`).toBe('kafka');
    expect(p.store, `${d.name} STORE`).toBe('mongo');
  }
  // Defaults of these point at 127.0.0.1, right only in embedded mode: whoever reads them gets them set.
  const mustBeSet = [...read].filter((n) => /_SERVICE_URL$/.test(n) || n === 'PUBLIC_URL');
  expect(
    mustBeSet.filter((n) => !env[n]),
    `${d.name}: variables with embedded-only defaults left unset`,
  ).toEqual([]);
}

const appDeployment = (name: string) => cluster.find<Deployment>('Deployment', name);
const container = (dep: Deployment): Container => dep.spec.template.spec.containers[0]!; // a Deployment has at least one

describe('k8s/ manifests', () => {
  it('parse, are all applied by kustomization.yaml (except the Secret template) and live in the vanhop namespace', () => {
    const [kustomization] = cluster.all<K8sObject & { resources: string[] }>('Kustomization');
    expect(kustomization, 'k8s/kustomization.yaml').toBeDefined();
    const yamlFiles = readdirSync(K8S_DIR).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...kustomization!.resources].sort()).toEqual(yamlFiles.filter((f) => f !== 'secret.template.yaml').sort());
    expect(cluster.find('Namespace', NAMESPACE)).toBeDefined();
    for (const o of cluster.objects.filter((o) => !['Kustomization', 'Namespace'].includes(o.kind))) {
      expect(o.metadata.namespace, `${o.kind} ${o.metadata.name} in ${o.file}`).toBe(NAMESPACE);
    }
  });

  it('have exactly one Deployment and one Service per program, all running the one image', () => {
    const programs = DEPLOYABLES.map((d) => d.name).sort();
    expect(
      cluster
        .all('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(programs);
    expect(
      cluster
        .all('Service')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(programs);
    const images = new Set(cluster.all<Deployment>('Deployment').map((d) => container(d).image.split(':')[0]));
    expect([...images]).toEqual(['vanhop']);
  });

  describe.each(DEPLOYABLES.map((d) => [d.name, d] as const))('%s', (name, d) => {
    const dep = appDeployment(name)!;
    const c = dep && container(dep);

    it('runs its own bundle, built from its workspace', () => {
      expect(c.command).toEqual(['node', `${d.dir}/dist/main.js`]);
      expect(existsSync(path.join(ROOT, d.dir, 'src/main.ts')), `${d.dir}/src/main.ts`).toBe(true);
    });

    it('listens on one port that the Service targets and PORT names (the gateway: and an ops port the Service does not carry)', () => {
      expect(c.ports).toHaveLength(d.opsPort ? 2 : 1);
      const port = c.ports![0]!.containerPort;
      expect(port).toBe(d.port);
      expect(c.env?.find((e) => e.name === 'PORT')?.value).toBe(String(port));
      if (d.opsPort) {
        expect(c.ports![1]).toMatchObject({ name: 'ops', containerPort: d.opsPort });
        expect(c.env?.find((e) => e.name === 'OPS_PORT')?.value).toBe(String(d.opsPort));
      }
      const svc = cluster.find<Service>('Service', name)!;
      expect(svc.spec.ports).toHaveLength(1);
      expect(containerPortNumber(c, svc.spec.ports[0]!.targetPort ?? svc.spec.ports[0]!.port)).toBe(port);
      // The Service must select this Deployment's pods, and the selector must match the template.
      expect(dep.spec.template.metadata.labels).toMatchObject(svc.spec.selector);
      expect(dep.spec.template.metadata.labels).toMatchObject(dep.spec.selector.matchLabels);
    });

    it('has liveness on /health/live, readiness on /health/ready and a startup probe, on its port (readiness: the ops port, if any)', () => {
      const port = c.ports![0]!.containerPort;
      expect(c.livenessProbe?.httpGet?.path).toBe('/health/live');
      expect(c.readinessProbe?.httpGet?.path).toBe('/health/ready');
      expect(c.startupProbe?.httpGet?.path).toBe('/health/live');
      for (const probe of [c.livenessProbe, c.startupProbe])
        expect(containerPortNumber(c, probe!.httpGet!.port)).toBe(port);
      expect(containerPortNumber(c, c.readinessProbe!.httpGet!.port)).toBe(d.opsPort ?? port);
      // Startup must allow a slow first connection to Kafka/Mongo before liveness takes over.
      expect((c.startupProbe!.periodSeconds ?? 10) * (c.startupProbe!.failureThreshold ?? 3)).toBeGreaterThanOrEqual(
        60,
      );
    });

    it('has Prometheus scrape /metrics on the port that serves it', () => {
      const annotations = (dep.spec.template.metadata as { annotations?: Record<string, string> }).annotations ?? {};
      expect(annotations['prometheus.io/scrape']).toBe('true');
      expect(annotations['prometheus.io/path']).toBe('/metrics');
      expect(annotations['prometheus.io/port']).toBe(String(d.opsPort ?? d.port));
    });

    it('runs at least 2 replicas, spread over nodes and zones by constraints that select its own pods only', () => {
      const hpa = cluster
        .all<K8sObject & { spec: { scaleTargetRef: { name: string }; minReplicas: number } }>('HorizontalPodAutoscaler')
        .find((h) => h.spec.scaleTargetRef.name === name);
      expect(dep.spec.replicas ?? hpa?.spec.minReplicas, 'replicas (or the HPA minimum)').toBeGreaterThanOrEqual(2);
      const constraints =
        (
          dep.spec.template.spec as {
            topologySpreadConstraints?: {
              topologyKey: string;
              whenUnsatisfiable: string;
              maxSkew: number;
              labelSelector: LabelSelector;
            }[];
          }
        ).topologySpreadConstraints ?? [];
      expect(constraints.map((t) => t.topologyKey).sort()).toEqual([
        'kubernetes.io/hostname',
        'topology.kubernetes.io/zone',
      ]);
      const others = cluster.all<Deployment>('Deployment').filter((o) => o !== dep);
      for (const t of constraints) {
        // Prefer, never require: a one-node or one-zone cluster must still schedule every replica.
        expect(t.whenUnsatisfiable, t.topologyKey).toBe('ScheduleAnyway');
        expect(t.maxSkew).toBe(1);
        expect(
          selects(t.labelSelector, dep.spec.template.metadata.labels),
          `${t.topologyKey} selects ${name}'s pods`,
        ).toBe(true);
        for (const o of others)
          expect(
            selects(t.labelSelector, o.spec.template.metadata.labels),
            `${t.topologyKey} selects ${o.metadata.name}'s pods`,
          ).toBe(false);
      }
    });

    it('sets CPU and memory requests and limits', () => {
      for (const kind of ['requests', 'limits'] as const) {
        expect(c.resources?.[kind]?.cpu, `${kind}.cpu`).toBeTruthy();
        expect(c.resources?.[kind]?.memory, `${kind}.memory`).toBeTruthy();
      }
    });

    it('runs as a non-root user that cannot escalate (what Pod Security "restricted" admits)', () => {
      const pod = dep.spec.template.spec.securityContext ?? {};
      expect(c.securityContext?.runAsNonRoot ?? pod.runAsNonRoot).toBe(true);
      expect(c.securityContext?.runAsUser ?? pod.runAsUser).toBeGreaterThan(0);
      expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(c.securityContext?.capabilities?.drop).toContain('ALL');
      expect((c.securityContext?.seccompProfile ?? pod.seccompProfile)?.type).toBe('RuntimeDefault');
    });

    it('gets an environment its config reads completely and accepts in distributed mode', () => {
      const env = resolveEnv(cluster, c);
      expect(env.problems).toEqual([]);
      expectConfigAccepts(
        d,
        [env.values, resolveEnv(cluster, c, { optional: 'absent' }).values],
        (n) => env.sources[n] ?? 'no source',
      );
      if (env.values.PUBLIC_URL) expect(env.values.PUBLIC_URL).toMatch(/^https:\/\//);
    });

    it('finds every other service by its Service name and port', () => {
      const env = resolveEnv(cluster, c).values;
      for (const target of SERVICE_NAMES.filter((s) => env[serviceUrlVar(s)] !== undefined)) {
        const svc = cluster.find<Service>('Service', target);
        expect(env[serviceUrlVar(target)]).toBe(`http://${target}:${svc!.spec.ports[0]!.port}`);
      }
    });
  });

  it('keep no secret values: every Secret is a template whose values are all empty', () => {
    const secrets = cluster.all<Secret>('Secret');
    expect(secrets.map((s) => s.file)).toEqual(['secret.template.yaml']);
    for (const s of secrets) {
      expect(s.data ?? {}).toEqual({});
      for (const [key, value] of Object.entries(s.stringData ?? {})) expect(value, key).toBe('');
    }
  });

  it('use every ConfigMap and Secret key somewhere (no dead configuration)', () => {
    const consumed = new Set(
      cluster.all<Deployment>('Deployment').flatMap((d) => resolveEnv(cluster, container(d)).consumed),
    );
    const defined = [
      ...cluster
        .all<ConfigMap>('ConfigMap')
        .flatMap((cm) => Object.keys(cm.data ?? {}).map((k) => `ConfigMap/${cm.metadata.name}/${k}`)),
      ...cluster
        .all<Secret>('Secret')
        .flatMap((s) => cluster.secretKeys(s.metadata.name).map((k) => `Secret/${s.metadata.name}/${k}`)),
    ];
    expect(defined.filter((key) => !consumed.has(key))).toEqual([]);
  });

  it("give the drivers' settings to fleet, which owns the drivers, and none of them to quote", () => {
    const envOf = (name: string) => resolveEnv(cluster, container(appDeployment(name)!)).values;
    for (const name of ['SEED_DEMO_DRIVERS', 'JOB_RESPONSE_MINUTES', 'JWT_SECRET', 'TELEPHONY_PROVIDER_URL']) {
      expect(envOf('fleet')[name], `fleet ${name}`).toBeDefined();
      expect(envOf('quote')[name], `quote ${name}`).toBeUndefined();
    }
  });

  it('autoscale the gateway and quote on CPU with autoscaling/v2', () => {
    const hpas = cluster.all<
      K8sObject & {
        spec: {
          scaleTargetRef: { kind: string; name: string };
          minReplicas: number;
          maxReplicas: number;
          metrics: { resource?: { name: string } }[];
        };
      }
    >('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['gateway', 'quote']);
    for (const h of hpas) {
      expect(h.apiVersion).toBe('autoscaling/v2');
      expect(h.spec.scaleTargetRef.kind).toBe('Deployment');
      expect(h.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(h.spec.maxReplicas).toBeGreaterThan(h.spec.minReplicas);
      expect(h.spec.metrics.some((m) => m.resource?.name === 'cpu')).toBe(true);
      // The HPA owns the replica count; a fixed one in the Deployment would fight it on every apply.
      expect(appDeployment(h.spec.scaleTargetRef.name)!.spec.replicas).toBeUndefined();
    }
  });

  it('expose only the gateway, through an Ingress to its Service port', () => {
    const ingresses = cluster.all<
      K8sObject & {
        spec: {
          rules: {
            http: {
              paths: {
                path: string;
                backend: { service: { name: string; port: { name?: string; number?: number } } };
              }[];
            };
          }[];
        };
      }
    >('Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ingresses[0]!.spec.rules.flatMap((r) => r.http.paths.map((p) => p.backend.service));
    expect(backends.length).toBeGreaterThan(0);
    const gatewayPorts = cluster.find<Service>('Service', 'gateway')!.spec.ports;
    for (const b of backends) {
      expect(b.name).toBe('gateway');
      expect(gatewayPorts.some((p) => p.name === b.port.name || p.port === b.port.number)).toBe(true);
    }
    for (const svc of cluster.all<Service>('Service'))
      expect((svc.spec as { type?: string }).type ?? 'ClusterIP', svc.metadata.name).toBe('ClusterIP');
  });

  // NetworkPolicy: network-topology.test.ts checks it against what each program's config says it needs.
});

describe('docker-compose.yml', () => {
  const compose = loadCompose();
  const INFRA = ['kafka', 'mongo', 'redis', 'mailpit', 'lb'];
  const lbConfig = readFileSync(path.join(ROOT, 'compose/haproxy.cfg'), 'utf8');

  it('runs Kafka, MongoDB, Redis, an SMTP catcher, the lb and every program, each with a healthcheck', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...INFRA, ...DEPLOYABLES.map((d) => d.name)].sort());
    for (const [name, s] of Object.entries(compose.services)) {
      expect(s.healthcheck?.test, `${name} healthcheck`).toBeTruthy();
      expect(s.healthcheck?.disable, name).not.toBe(true);
    }
    expect(compose.services.mongo!.command).toContain('--replSet');
  });

  it('checks health without starting Node or a JVM, here and in the CI override (0.13 s and 1 s of CPU a check)', () => {
    const ci = loadCompose(COMPOSE_PATH.replace(/docker-compose\.yml$/, 'docker-compose.ci.yml'));
    const checks = [...Object.entries(compose.services), ...Object.entries(ci.services)].flatMap(([name, s]) =>
      s.healthcheck?.test ? [[name, JSON.stringify(s.healthcheck.test)] as const] : [],
    );
    expect(checks.length).toBeGreaterThan(Object.keys(compose.services).length);
    // MongoDB's own image is checked with mongosh because that check also starts its replica set.
    for (const [name, test] of checks.filter(([n]) => n !== 'mongo'))
      expect(test, name).not.toMatch(/"node"|\bnode -e|\bjava\b|kafka-broker-api-versions|mongosh/);
    expect(compose.services.kafka!.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
  });

  it('starts the gateway once every service is healthy (the services call each other through the lb)', () => {
    const services = DEPLOYABLES.filter((d) => d.name !== 'gateway').map((d) => d.name);
    const waitsFor = compose.services.gateway!.depends_on ?? {};
    expect(services.filter((n) => waitsFor[n]?.condition !== 'service_healthy')).toEqual([]);
  });

  it("gives the drivers' settings to fleet, which owns the drivers, and none of them to quote", () => {
    for (const name of ['SEED_DEMO_DRIVERS', 'JOB_RESPONSE_MINUTES', 'JWT_SECRET', 'TELEPHONY_PROVIDER_URL']) {
      expect(compose.services.fleet!.environment?.[name], `fleet ${name}`).toBeDefined();
      expect(compose.services.quote!.environment?.[name], `quote ${name}`).toBeUndefined();
    }
  });

  it('publishes one entry point, the lb, which sends it to the gateways; no program is published', () => {
    const published = Object.entries(compose.services)
      .filter(([, s]) => (s.ports ?? []).length > 0)
      .map(([n]) => n);
    expect(published.sort()).toEqual(['lb', 'mailpit']);
    expect(JSON.stringify(compose.services.lb!.ports)).toContain(':8080');
    expect(lbConfig).toMatch(/frontend public\s+bind :8080[\s\S]*?default_backend gateway/);
    expect(lbConfig).toMatch(/backend gateway\s+(#.*\s+)*server-template gateway \d+ gateway:8080 check port 9090/);
  });

  describe.each(DEPLOYABLES.map((d) => [d.name, d] as const))('%s', (name, d) => {
    const s: ComposeService = compose.services[name]!;

    it('runs at least two replicas', () => {
      expect((s as { deploy?: { replicas?: number } }).deploy?.replicas).toBeGreaterThanOrEqual(2);
      expect((s as { container_name?: string }).container_name).toBeUndefined();
    });

    it('is built from the Dockerfile and runs its own bundle', () => {
      expect(s.build).toBeTruthy();
      expect(s.image).toBe('vanhop:local');
      expect(s.command).toEqual(['node', `${d.dir}/dist/main.js`]);
    });

    it('checks its own readiness endpoint on its PORT (the gateway: on its unpublished OPS_PORT)', () => {
      expect(JSON.stringify(s.healthcheck!.test)).toContain('/health/ready');
      expect(JSON.stringify(s.healthcheck!.test)).toContain(
        d.opsPort ? '/dev/tcp/127.0.0.1/$$OPS_PORT' : '/dev/tcp/127.0.0.1/$$PORT',
      );
      expect(JSON.stringify(s.healthcheck!.test)).toContain('\\"$$code\\" = 200');
      expect(composeEnv(s).PORT).toBe(String(d.port));
      if (d.opsPort) {
        expect(composeEnv(s).OPS_PORT).toBe(String(d.opsPort));
        expect(JSON.stringify(s.ports ?? [])).not.toContain(String(d.opsPort));
      }
    });

    it('gets an environment its config reads completely and accepts in distributed mode', () => {
      expectConfigAccepts(
        d,
        [composeEnv(s), composeEnv(s, { optionalFromOperator: 'set' })],
        () => 'docker-compose.yml',
      );
    });

    it('waits for healthy infrastructure and reaches it by compose service name', () => {
      const env = composeEnv(s);
      const needs = d.usesStoreAndBus ? ['kafka', 'mongo', 'redis'] : ['redis'];
      for (const dep of needs)
        expect(s.depends_on?.[dep]?.condition, `${name} depends_on ${dep}`).toBe('service_healthy');
      const hosts = Object.entries(env)
        .filter(([k, v]) => /_(URL|BROKERS)$/.test(k) && k !== 'PUBLIC_URL' && v)
        .flatMap(([, v]) => v.split(',').map((u) => new URL(u.includes('://') ? u : `tcp://${u}`).hostname));
      for (const host of hosts) expect(Object.keys(compose.services), `${name} talks to ${host}`).toContain(host);
      // Every call between programs goes through the lb's frontend for the target, which balances
      // over the target's replicas by their compose name and port (only ready ones: the checks).
      for (const target of SERVICE_NAMES.filter((t) => env[serviceUrlVar(t)] !== undefined)) {
        const port = composeEnv(compose.services[target]!).PORT;
        expect(env[serviceUrlVar(target)]).toBe(`http://lb:${port}`);
        expect(lbConfig).toMatch(
          new RegExp(
            `frontend ${target}\\s+bind :${port}\\s+default_backend ${target}\\s+backend ${target}\\s+server-template ${target} \\d+ ${target}:${port}\\s`,
          ),
        );
      }
    });

    it('takes secrets from the operator (.env), never from the file', () => {
      for (const [key, raw] of Object.entries(s.environment ?? {})) {
        if (SECRET_NAME.test(key)) expect(String(raw), key).toMatch(new RegExp(`^\\$\\{${key}(:?[-?][^}]*)?\\}$`));
      }
      // Required secrets stop `docker compose up` with a message instead of starting with a blank.
      for (const key of ['JWT_SECRET', 'ADMIN_SIGNUP_CODE']) {
        if (s.environment?.[key] !== undefined) expect(requiredFromOperator(String(s.environment[key]))).toEqual([key]);
      }
    });
  });
});

describe('k8s/dev-infra (Kafka, MongoDB, Redis, Mailpit for a local cluster)', () => {
  const DEV = path.join(K8S_DIR, 'dev-infra');
  const infra = new Cluster(loadK8sObjects(DEV));
  type Workload = K8sObject & { spec: { template: { spec: PodSpecWithProbes } } };
  type PodSpecWithProbes = {
    containers: (Container & {
      readinessProbe?: object;
      livenessProbe?: object;
      env?: { name: string; value?: string }[];
    })[];
  };
  const workloads = [...infra.all<Workload>('StatefulSet'), ...infra.all<Workload>('Deployment')];

  it('is one kustomization in its own namespace', () => {
    const [kustomization] = infra.all<K8sObject & { resources: string[] }>('Kustomization');
    expect([...kustomization!.resources].sort()).toEqual(
      readdirSync(DEV)
        .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
        .sort(),
    );
    for (const o of infra.objects.filter((o) => !['Kustomization', 'Namespace'].includes(o.kind)))
      expect(o.metadata.namespace).toBe('vanhop-infra');
    expect(workloads.map((w) => w.metadata.name).sort()).toEqual(['kafka', 'mailpit', 'mongo', 'redis']);
  });

  it('gives every server probes and resource requests/limits', () => {
    for (const w of workloads) {
      for (const c of w.spec.template.spec.containers) {
        expect(c.readinessProbe, `${w.metadata.name} readiness`).toBeDefined();
        expect(c.livenessProbe, `${w.metadata.name} liveness`).toBeDefined();
        expect(c.resources?.requests && c.resources?.limits, `${w.metadata.name} resources`).toBeTruthy();
      }
    }
  });

  it('is where the application manifests point: KAFKA_BROKERS is the advertised Kafka listener of a Service', () => {
    const brokers = cluster.find<ConfigMap>('ConfigMap', 'vanhop-platform')!.data!.KAFKA_BROKERS;
    const kafka = workloads.find((w) => w.metadata.name === 'kafka')!.spec.template.spec.containers[0];
    const advertised = kafka!.env!.find((e) => e.name === 'KAFKA_ADVERTISED_LISTENERS')!.value!;
    expect(advertised).toBe(`PLAINTEXT://${brokers}`);
    const [host, port] = brokers!.split(':');
    const [svcName, ns] = host!.split('.');
    expect(ns).toBe('vanhop-infra');
    expect(infra.find<Service>('Service', svcName!)!.spec.ports.map((p) => p.port)).toContain(Number(port));
  });
});
