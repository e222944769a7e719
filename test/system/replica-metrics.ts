import { total } from '../../services/platform/test/prometheus-text.js';
import { METRICS_PORT, PROGRAMS, type ComposeStack, type Program } from './compose-stack.js';

/** Partitions (topic/partition) this replica handled events from, from vanhop_events_handled_total. */
export function handledPartitions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^vanhop_events_handled_total\{([^}]*)\} (\S+)$/gm)) {
    const labels = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Number(m[2]) > 0) out.push(`${labels.topic}/${labels.partition}`);
  }
  return out.sort();
}

export interface ReplicaFigures {
  program: Program;
  name: string;
  requests: number;
  events: number;
  partitions: string[];
  metrics: string;
}

/** Each running replica's /metrics, read on its own address inside the compose network. */
export async function scrapeReplicas(stack: ComposeStack): Promise<ReplicaFigures[]> {
  const figures: ReplicaFigures[] = [];
  for (const program of PROGRAMS) {
    for (const c of (await stack.containers(program)).filter((x) => x.running)) {
      const res = await fetch(`http://${c.ip}:${METRICS_PORT[program]}/metrics`, {
        signal: AbortSignal.timeout(15_000),
      });
      const metrics = await res.text();
      figures.push({
        program,
        name: c.name,
        // Requests the replica served, its health and metrics endpoints aside.
        requests:
          total(metrics, 'http_requests_total') -
          total(metrics, 'http_requests_total', { route: '/health/ready' }) -
          total(metrics, 'http_requests_total', { route: '/metrics' }),
        events: total(metrics, 'vanhop_events_handled_total'),
        partitions: handledPartitions(metrics),
        metrics,
      });
    }
  }
  return figures;
}

export const figuresTable = (figures: ReplicaFigures[]): string =>
  figures
    .map(
      (f) =>
        `${f.name.padEnd(40)} requests ${String(f.requests).padStart(5)}  events ${String(f.events).padStart(5)}  partitions ${f.partitions.join(' ') || '-'}`,
    )
    .join('\n');
