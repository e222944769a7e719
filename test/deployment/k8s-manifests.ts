import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { dummySecret } from './dummy-secrets.js';

/* Just enough of the Kubernetes object shapes for the checks; every field optional as in real YAML. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  file: string;
  [field: string]: unknown;
}
interface KeyRef {
  name: string;
  key: string;
  optional?: boolean;
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { configMapKeyRef?: KeyRef; secretKeyRef?: KeyRef; fieldRef?: unknown };
}
interface EnvFrom {
  prefix?: string;
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  seccompProfile?: { type: string };
}
export interface HttpProbe {
  httpGet?: { path: string; port: number | string };
  periodSeconds?: number;
  failureThreshold?: number;
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: EnvFrom[];
  livenessProbe?: HttpProbe;
  readinessProbe?: HttpProbe;
  startupProbe?: HttpProbe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: SecurityContext & {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
  };
}
export interface PodSpec {
  containers: Container[];
  securityContext?: SecurityContext;
}
export interface Deployment extends K8sObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}
export interface Service extends K8sObject {
  spec: { selector: Record<string, string>; ports: { name?: string; port: number; targetPort?: number | string }[] };
}
export interface ConfigMap extends K8sObject {
  data?: Record<string, string>;
}
export interface Secret extends K8sObject {
  stringData?: Record<string, string>;
  data?: Record<string, string>;
}

export const K8S_DIR = fileURLToPath(new URL('../../k8s', import.meta.url));

/** Every document of every YAML file directly in `dir` (one kustomization's folder). */
export function loadK8sObjects(dir = K8S_DIR): K8sObject[] {
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return { ...(doc.toJS() as K8sObject), file };
    }),
  );
}

export class Cluster {
  constructor(readonly objects: K8sObject[]) {}

  all<T extends K8sObject>(kind: string): T[] {
    return this.objects.filter((o) => o.kind === kind) as T[];
  }

  find<T extends K8sObject>(kind: string, name: string): T | undefined {
    return this.all<T>(kind).find((o) => o.metadata?.name === name);
  }

  secretKeys(name: string): string[] {
    const s = this.find<Secret>('Secret', name);
    return s ? Object.keys({ ...s.data, ...s.stringData }) : [];
  }
}

/** A container's environment as the kubelet would build it, with dummies where a Secret is read. */
export interface ResolvedEnv {
  values: Record<string, string>;
  /** Where each variable comes from, for readable failures. */
  sources: Record<string, string>;
  /** Dangling references: a ConfigMap/Secret or key that the manifests do not define. */
  problems: string[];
  /** Every ConfigMap key / Secret key this container consumes, as "kind/name/key". */
  consumed: string[];
}

/**
 * `optional: 'absent'` is a cluster where the operator left the optional integrations alone
 * (optional Secret keys missing, blank ConfigMap values); `'set'` one where every optional
 * key and blank setting is provided (Stripe keys, Google key with its place id...).
 */
export function resolveEnv(
  cluster: Cluster,
  container: Container,
  { optional = 'set' }: { optional?: 'set' | 'absent' } = {},
): ResolvedEnv {
  const r: ResolvedEnv = { values: {}, sources: {}, problems: [], consumed: [] };
  const set = (name: string, value: string, source: string) => {
    if (value === '' && optional === 'set') value = dummySecret(name);
    r.values[name] = value;
    r.sources[name] = source;
  };
  // envFrom first: explicit `env` entries win over it, as in Kubernetes.
  for (const from of container.envFrom ?? []) {
    const prefix = from.prefix ?? '';
    if (from.configMapRef) {
      const cm = cluster.find<ConfigMap>('ConfigMap', from.configMapRef.name);
      if (!cm) r.problems.push(`envFrom ConfigMap ${from.configMapRef.name} is not defined`);
      for (const [key, value] of Object.entries(cm?.data ?? {})) {
        set(prefix + key, String(value), `ConfigMap ${cm!.metadata.name}`);
        r.consumed.push(`ConfigMap/${cm!.metadata.name}/${key}`);
      }
    }
    if (from.secretRef) {
      const keys = cluster.secretKeys(from.secretRef.name);
      if (!keys.length) r.problems.push(`envFrom Secret ${from.secretRef.name} is not defined`);
      for (const key of keys) {
        set(prefix + key, dummySecret(key), `Secret ${from.secretRef.name}`);
        r.consumed.push(`Secret/${from.secretRef.name}/${key}`);
      }
    }
  }
  for (const v of container.env ?? []) {
    const cmRef = v.valueFrom?.configMapKeyRef;
    const secretRef = v.valueFrom?.secretKeyRef;
    if (v.value !== undefined) set(v.name, String(v.value), 'literal');
    else if (cmRef) {
      const value = cluster.find<ConfigMap>('ConfigMap', cmRef.name)?.data?.[cmRef.key];
      if (value === undefined && !cmRef.optional)
        r.problems.push(`${v.name}: ConfigMap ${cmRef.name} has no key ${cmRef.key}`);
      if (value !== undefined) set(v.name, String(value), `ConfigMap ${cmRef.name} key ${cmRef.key}`);
      r.consumed.push(`ConfigMap/${cmRef.name}/${cmRef.key}`);
    } else if (secretRef) {
      // Even optional keys must be in the template: it is the list of secrets an operator provides.
      if (!cluster.secretKeys(secretRef.name).includes(secretRef.key))
        r.problems.push(`${v.name}: Secret ${secretRef.name} template has no key ${secretRef.key}`);
      if (!secretRef.optional || optional === 'set')
        set(v.name, dummySecret(secretRef.key), `Secret ${secretRef.name} key ${secretRef.key}`);
      r.consumed.push(`Secret/${secretRef.name}/${secretRef.key}`);
    } else if (v.valueFrom?.fieldRef) set(v.name, 'from-pod-field', 'fieldRef');
    else r.problems.push(`${v.name}: neither value nor valueFrom`);
  }
  return r;
}

/** A probe's or Service's port, by number or by the container port's name. */
export function containerPortNumber(container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** A Kubernetes label selector (matchLabels and matchExpressions); an empty one selects everything. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

export function selects(selector: LabelSelector, labels: Record<string, string>): boolean {
  const labelled = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  return (
    labelled &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      if (operator === 'Exists') return key in labels;
      if (operator === 'DoesNotExist') return !(key in labels);
      if (operator === 'In') return key in labels && values.includes(labels[key]!);
      return !(key in labels) || !values.includes(labels[key]!);
    })
  );
}
