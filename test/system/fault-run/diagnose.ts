import type { ComposeStack } from '../compose-stack.js';

/** The programs whose consumers turn paid bookings into jobs, mail and payments. */
const CONSUMING = ['fleet', 'quote', 'notification', 'payment', 'booking'];

// Run inside the container: its own readiness and the bus figures its /metrics exports.
const READ_OWN_HEALTH = `
const base = 'http://127.0.0.1:' + process.env.PORT;
Promise.all(['/health/ready', '/metrics'].map((p) => fetch(base + p).then((r) => r.text(), (e) => String(e))))
  .then(([ready, metrics]) => {
    const busy = metrics.split('\\n').filter((l) =>
      /^vanhop_(consumer_lag|dead_letters)\\{/.test(l) && !/ 0$/.test(l));
    console.log(ready.slice(0, 400));
    for (const l of busy.slice(0, 20)) console.log(l);
  });
`;

/**
 * What an SRE would look at when the audit finds work not done: each consuming replica's
 * readiness, its consumer lag and dead letters above zero, and its last error log lines. Printed
 * into the run's log, because the stack is gone by the time anyone reads it.
 */
export async function diagnose(stack: ComposeStack, log: (line: string) => void): Promise<void> {
  for (const service of CONSUMING) {
    for (const c of await stack.containers(service).catch(() => [])) {
      const own = await stack
        .docker(['exec', c.id, 'node', '-e', READ_OWN_HEALTH], 30_000)
        .catch((err: unknown) => `could not ask it: ${String(err).slice(0, 200)}`);
      log(`[diagnose] ${c.name}: ${own.trim().split('\n').join('\n[diagnose]   ')}`);
      const logs = await stack.docker(['logs', '--tail', '3000', c.id], 60_000).catch(() => '');
      const errors = logs
        .split('\n')
        .filter((l) => (/"level":(50|60)/.test(l) && !/"logger":"kafkajs"/.test(l)) || /stalled|crashed/.test(l));
      for (const line of errors.slice(-15)) log(`[diagnose]   ${line.slice(0, 600)}`);
    }
  }
}
