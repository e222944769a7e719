import { selects, type K8sObject, type LabelSelector } from './k8s-manifests.js';

/*
 * NetworkPolicy semantics (networking.k8s.io/v1), enough to ask "would this connection get
 * through?" of a set of policies: a pod that no policy selects for a direction is open in that
 * direction; a selected pod lets through what at least one rule of one selecting policy allows;
 * a connection needs both the sender's egress and the receiver's ingress.
 */

type Protocol = 'TCP' | 'UDP';
export interface Port {
  name?: string;
  port: number;
  protocol: Protocol;
}

/** A pod (namespace and labels) or an address outside the cluster (ip). */
export type Endpoint =
  | { kind: 'pod'; id: string; namespace: string; labels: Record<string, string>; ports: Port[] }
  | { kind: 'external'; id: string; ip: string; ports: Port[] };

interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyPort {
  port?: number | string;
  endPort?: number;
  protocol?: Protocol;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: PolicyPort[];
}
export interface NetworkPolicy extends K8sObject {
  spec: { podSelector: LabelSelector; policyTypes?: ('Ingress' | 'Egress')[]; ingress?: Rule[]; egress?: Rule[] };
}

const ipv4 = (ip: string) => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base!) / size);
}

const namespaceLabels = (namespace: string) => ({ 'kubernetes.io/metadata.name': namespace });

function peerMatches(peer: Peer, policyNamespace: string, other: Endpoint): boolean {
  if (peer.ipBlock) {
    // Pod addresses under an ipBlock are implementation-defined: only outside addresses count.
    return (
      other.kind === 'external' &&
      inCidr(other.ip, peer.ipBlock.cidr) &&
      !(peer.ipBlock.except ?? []).some((c) => inCidr(other.ip, c))
    );
  }
  if (other.kind !== 'pod') return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, namespaceLabels(other.namespace))
    : other.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector ?? {}, other.labels);
}

function portMatches(rulePort: PolicyPort, destination: Endpoint, port: Port): boolean {
  if ((rulePort.protocol ?? 'TCP') !== port.protocol) return false;
  if (rulePort.port === undefined) return true;
  if (typeof rulePort.port === 'string') {
    // A named port is the destination pod's container port of that name.
    return (
      destination.kind === 'pod' &&
      destination.ports.some((p) => p.name === rulePort.port && p.port === port.port && p.protocol === port.protocol)
    );
  }
  return port.port >= rulePort.port && port.port <= (rulePort.endPort ?? rulePort.port);
}

export class PolicySet {
  constructor(private readonly policies: NetworkPolicy[]) {}

  private selecting(pod: Endpoint, direction: 'Ingress' | 'Egress'): NetworkPolicy[] {
    if (pod.kind !== 'pod') return [];
    return this.policies.filter(
      (p) =>
        p.metadata.namespace === pod.namespace &&
        selects(p.spec.podSelector, pod.labels) &&
        policyTypes(p).includes(direction),
    );
  }

  private lets(
    pod: Endpoint,
    direction: 'Ingress' | 'Egress',
    other: Endpoint,
    destination: Endpoint,
    port: Port,
  ): boolean {
    const policies = this.selecting(pod, direction);
    if (!policies.length) return true;
    return policies.some((p) =>
      ((direction === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []).some((rule) => {
        const peers = direction === 'Ingress' ? rule.from : rule.to;
        const peerOk = !peers?.length || peers.some((peer) => peerMatches(peer, p.metadata.namespace!, other));
        const portOk = !rule.ports?.length || rule.ports.some((rp) => portMatches(rp, destination, port));
        return peerOk && portOk;
      }),
    );
  }

  /** Would a connection from `from` to `to` on `port` get through both ends' policies? */
  allows(from: Endpoint, to: Endpoint, port: Port): boolean {
    return this.lets(from, 'Egress', to, to, port) && this.lets(to, 'Ingress', from, to, port);
  }
}

/** Without policyTypes, a policy is Ingress, plus Egress if it has egress rules. */
function policyTypes(p: NetworkPolicy): string[] {
  return p.spec.policyTypes ?? ['Ingress', ...(p.spec.egress ? ['Egress'] : [])];
}
