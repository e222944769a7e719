import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { K8S_DIR, loadK8sObjects, type Deployment, type K8sObject } from './k8s-manifests.js';
import { KUBERNETES_VERSION, schemaProblems } from './k8s-schema.js';

/*
 * Every manifest `kubectl apply -k` would send (the Secret template too: operators apply a copy of
 * it), checked against the official OpenAPI schemas of Kubernetes v1.36.0 shipped in
 * kubernetes-models. Nothing is downloaded: the schemas are compiled into the installed package.
 * Kustomization files are kustomize's own input, not API objects, and are checked elsewhere.
 */
const folders = { k8s: K8S_DIR, 'k8s/dev-infra': path.join(K8S_DIR, 'dev-infra') };
const apiObjects = Object.entries(folders).flatMap(([folder, dir]) =>
  loadK8sObjects(dir)
    .filter((o) => o.kind !== 'Kustomization')
    .map((o) => [`${folder}/${o.file}: ${o.kind} ${o.metadata.name}`, o] as const),
);

describe(`k8s/ manifests against the Kubernetes v${KUBERNETES_VERSION} OpenAPI schemas`, () => {
  it('cover every kind the manifests use', () => {
    const kinds = new Set(apiObjects.map(([, o]) => o.kind));
    for (const kind of [
      'Deployment',
      'Service',
      'ConfigMap',
      'Secret',
      'Ingress',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'HorizontalPodAutoscaler',
      'Namespace',
      'StatefulSet',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it('is the version docs/DEPLOYMENT.md names', () => {
    expect(readFileSync(path.join(K8S_DIR, '../docs/DEPLOYMENT.md'), 'utf8')).toContain(
      `Kubernetes v${KUBERNETES_VERSION}`,
    );
  });

  it.each(apiObjects)('%s is valid, with no field the schema does not know', async (_name, object) => {
    expect(await schemaProblems(object)).toEqual([]);
  });

  describe('rejects a broken copy of a real manifest, naming the field', () => {
    const real = apiObjects.find(([, o]) => o.kind === 'Deployment' && o.metadata.name === 'review')![1] as Deployment;
    const copy = () => structuredClone(real) as Deployment & { spec: Record<string, unknown> };
    const container = (d: Deployment) => d.spec.template.spec.containers[0] as unknown as Record<string, unknown>;

    it('a misspelt field', async () => {
      const broken = copy();
      const c = container(broken);
      c.imagePullPolcy = c.imagePullPolicy;
      delete c.imagePullPolicy;
      expect(await schemaProblems(broken)).toEqual([
        `spec.template.spec.containers[0].imagePullPolcy: is not a field of the Kubernetes v${KUBERNETES_VERSION} schema`,
      ]);
    });

    it('a wrong type', async () => {
      const broken = copy();
      (broken.spec as Record<string, unknown>).replicas = '2';
      expect(await schemaProblems(broken)).toEqual(['spec.replicas: must be integer']);
    });

    it('a value outside an enum, and a malformed quantity', async () => {
      const broken = copy();
      container(broken).imagePullPolicy = 'Sometimes';
      (container(broken).resources as { limits: Record<string, string> }).limits.memory = '256 megabytes';
      const problems = await schemaProblems(broken);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(
        /^spec\.template\.spec\.containers\[0\]\.imagePullPolicy: must be one of .*"IfNotPresent"/,
      );
      expect(problems[1]).toMatch(/^spec\.template\.spec\.containers\[0\]\.resources\.limits\.memory: .*quantity/);
    });

    it('an API version that is gone, and a kind that never was', async () => {
      expect(await schemaProblems({ ...real, apiVersion: 'extensions/v1beta1' } as K8sObject)).toEqual([
        expect.stringMatching(/^extensions\/v1beta1 Deployment: not a stable API version/),
      ]);
      expect(await schemaProblems({ ...real, kind: 'Deploymnet' } as K8sObject)).toEqual([
        `apps/v1 Deploymnet: no such kind in Kubernetes v${KUBERNETES_VERSION}`,
      ]);
    });

    it('a misspelt field deep in a list, and one beside a label whose key has a slash', async () => {
      const broken = copy();
      (broken.spec.template.spec as unknown as { volumes: Record<string, unknown>[] }).volumes[0]!.emptydir = {};
      (broken.spec.template.metadata as Record<string, unknown>).label = { 'app.kubernetes.io/name': 'review' };
      expect(await schemaProblems(broken)).toEqual([
        `spec.template.metadata.label: is not a field of the Kubernetes v${KUBERNETES_VERSION} schema`,
        `spec.template.spec.volumes[0].emptydir: is not a field of the Kubernetes v${KUBERNETES_VERSION} schema`,
      ]);
    });
  });
});
