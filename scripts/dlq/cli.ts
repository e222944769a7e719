import type { DeadLetterRecord, KafkaDeadLetters } from '../../services/platform/src/adapters/kafka-dead-letters.js';

export type DeadLetters = Pick<KafkaDeadLetters, 'list' | 'find' | 'replay'>;

export const USAGE = `usage: npm run dlq -- <command>
  list [--pending]    every dead letter still retained on Kafka (or only those not replayed yet)
  show <id>           one dead letter: reason, headers, the parked event (id: event id or topic/partition/offset)
  replay <id>         publish it again to its topic; consumers that already handled it skip it
  replay --all        replay every pending dead letter; messages that are no event are skipped over
Reads KAFKA_BROKERS, KAFKA_NAMESPACE and KAFKA_CLIENT_ID; see docs/RUNBOOK.md.`;

/** Runs one command and returns the exit code: 0 done, 1 nothing to act on, 2 bad usage. */
export async function runDlq(args: string[], dl: DeadLetters, out: (line: string) => void): Promise<number> {
  const [command, arg, ...rest] = args;
  if (command === 'list' && (arg === undefined || arg === '--pending') && rest.length === 0) {
    const all = await dl.list();
    const shown = arg === '--pending' ? all.filter((r) => !r.replayed) : all;
    for (const r of shown) out(line(r));
    out(
      `${all.length} dead letter${all.length === 1 ? '' : 's'} retained, ${all.filter((r) => !r.replayed).length} pending`,
    );
    return 0;
  }
  if (command === 'show' && arg && rest.length === 0) {
    const found = await dl.find(arg);
    if (found.length === 0) return notFound(arg, out);
    for (const r of found) out(JSON.stringify(detail(r), null, 2));
    return 0;
  }
  if (command === 'replay' && arg === '--all' && rest.length === 0) {
    const pending = (await dl.list()).filter((r) => !r.replayed);
    const { replayed, refused } = await dl.replay(pending, { skipInvalid: true });
    for (const r of replayed) out(`replayed ${r.id} to ${r.topic} (from ${r.location})`);
    for (const r of refused)
      out(
        `skipped ${r.location}: not a valid event, nothing to replay (still readable with show until retention removes it)`,
      );
    out(`${replayed.length} replayed, ${refused.length} skipped`);
    return 0;
  }
  if (command === 'replay' && arg && !arg.startsWith('--') && rest.length === 0) {
    const found = await dl.find(arg);
    if (found.length === 0) return notFound(arg, out);
    const { replayed, refused } = await dl.replay(found);
    for (const r of refused)
      out(`refused ${r.location}: not a valid event (${r.reason}); fix the producer, there is nothing to replay`);
    const [first] = replayed;
    if (first)
      out(
        `replayed ${first.id} to ${first.topic}${replayed.some((r) => r.replayed) ? ' again' : ''}; consumers that already handled it skip it`,
      );
    return replayed.length > 0 ? 0 : 1;
  }
  out(USAGE);
  return 2;
}

function notFound(id: string, out: (line: string) => void): number {
  out(`no dead letter with id ${id} (see: npm run dlq -- list)`);
  return 1;
}

function line(r: DeadLetterRecord): string {
  const reason = r.reason.replace(/\s+/g, ' ');
  return [
    r.replayed ? 'replayed' : 'pending ',
    r.id,
    r.topic,
    r.parkedAt,
    r.event?.type ?? '-',
    reason.length > 80 ? `${reason.slice(0, 79)}…` : reason,
  ].join('  ');
}

function detail(r: DeadLetterRecord) {
  return {
    id: r.id,
    status: r.replayed ? 'replayed' : 'pending',
    topic: r.topic,
    location: r.location,
    parkedAt: r.parkedAt,
    reason: r.reason,
    group: r.headers['dlq-group'] ?? null,
    key: r.key,
    headers: r.headers,
    event: r.event ?? undefined,
    value: r.event ? undefined : r.value,
  };
}
