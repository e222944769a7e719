import type { K8sObject } from './k8s-manifests.js';

/**
 * The Kubernetes release whose official OpenAPI schemas kubernetes-models 5.1.0 was generated
 * from (its changelog: "Update to Kubernetes v1.36.0"; its README badge still says 1.27.1, but the
 * schemas carry 1.36-only fields such as PodSpec.schedulingGroup). Upgrading the package means
 * re-checking this and docs/DEPLOYMENT.md.
 */
export const KUBERNETES_VERSION = '1.36.0';

interface SchemaError {
  instancePath: string;
  message?: string;
  keyword: string;
  params?: Record<string, unknown>;
}
type ModelClass = new (data: object) => { validate(): void };

/** The model class for an apiVersion/kind, from the package's own module for that group/version. */
async function modelFor(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(`kubernetes-models/${apiVersion}`)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return mod[kind] as ModelClass | undefined;
}

function schemaErrors(Model: ModelClass, data: object): SchemaError[] {
  try {
    new Model(data).validate();
    return [];
  } catch (err) {
    const errors = (err as { errors?: SchemaError[] }).errors;
    if (!errors) throw err;
    return errors;
  }
}

/** JSON pointers as ajv writes them: "/" in a key (app.kubernetes.io/name) is "~1". */
const pointerTo = (path: (string | number)[]) =>
  path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
const readable = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : /^[\w-]+$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`))
    .join('')
    .replace(/^\./, '');

function describeErrors(errors: SchemaError[]): string[] {
  // A oneOf (int-or-string, quantity) fails once per branch: one line per field is enough.
  const byPath = new Map<string, string[]>();
  for (const e of errors) {
    const detail =
      e.keyword === 'enum'
        ? `must be one of ${JSON.stringify(e.params?.allowedValues)}`
        : e.keyword === 'required'
          ? `must have ${String(e.params?.missingProperty)}`
          : (e.message ?? e.keyword);
    byPath.set(e.instancePath, [...(byPath.get(e.instancePath) ?? []), detail]);
  }
  return [...byPath].map(([p, details]) => `${readable(p) || '(object)'}: ${[...new Set(details)].join('; ')}`);
}

/**
 * The official schemas do not forbid unknown fields (the API server does that itself, with
 * strict field validation, the kubectl default): a misspelt field would pass validate() and be
 * dropped silently by a lenient client. So each field is probed: a value no schema accepts is put
 * in its place, and a field the schema knows produces an error at its own path; one it does not
 * know produces none.
 */
const IMPOSSIBLE = Symbol('no schema accepts this');

function unknownFields(Model: ModelClass, root: Record<string, unknown>): string[] {
  const unknown: string[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, i]);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const key of Object.keys(value)) {
      const at = [...path, key];
      const pointer = pointerTo(at);
      const probed = schemaErrors(Model, replaceAt(root, at, IMPOSSIBLE) as object);
      if (!probed.some((e) => e.instancePath === pointer))
        unknown.push(`${readable(pointer)}: is not a field of the Kubernetes v${KUBERNETES_VERSION} schema`);
      else walk((value as Record<string, unknown>)[key], at);
    }
  };
  walk(root, []);
  return unknown;
}

function replaceAt(node: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(node)) return node.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  const obj = node as Record<string, unknown>;
  return { ...obj, [head]: replaceAt(obj[head], rest, replacement) };
}

/**
 * What the API server would reject in one manifest object: types, enums, formats and required
 * fields from the official schema, plus fields the schema does not have. Empty: accepted.
 */
export async function schemaProblems(object: K8sObject): Promise<string[]> {
  const { file: _file, ...manifest } = object;
  // The package merges the specs of old releases so it can describe removed APIs too
  // (extensions/v1beta1...): only stable versions are both in this release and here to stay.
  if (/(alpha|beta)\d*$/.test(manifest.apiVersion))
    return [
      `${manifest.apiVersion} ${manifest.kind}: not a stable API version (alpha and beta APIs are removed in later releases)`,
    ];
  const Model = await modelFor(manifest.apiVersion, manifest.kind);
  if (!Model) return [`${manifest.apiVersion} ${manifest.kind}: no such kind in Kubernetes v${KUBERNETES_VERSION}`];
  const invalid = describeErrors(schemaErrors(Model, manifest));
  // Probing needs an otherwise valid object, or the probe's error could hide among the others.
  return invalid.length ? invalid : unknownFields(Model, manifest);
}
