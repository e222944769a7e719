/** The distributed mode on one machine: the services in one process, a gateway in another, over loopback HTTP. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Env } from '@vanhop/platform';

const worker = fileURLToPath(new URL('./distributed-worker.ts', import.meta.url));

function start(
  role: 'services' | 'gateway',
  env: Env,
): Promise<{ child: ChildProcess; result: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const child = fork(worker, [role], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { result: Record<string, string> }) => resolve({ child, result: m.result }));
    child.once('exit', (code) => reject(new Error(`the ${role} process exited with ${code} before answering`)));
    child.send(env);
  });
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.send('stop');
  });

export async function startDistributed(env: Env): Promise<{ url: string; stop(): Promise<void> }> {
  const services = await start('services', env);
  try {
    const gateway = await start('gateway', { ...env, ...services.result, GATEWAY_PORT: '0', OPS_PORT: '0' });
    const url = gateway.result.url;
    if (!url) throw new Error('the gateway process reported no url');
    return {
      url,
      stop: async () => void (await Promise.all([stopChild(gateway.child), stopChild(services.child)])),
    };
  } catch (err) {
    await stopChild(services.child);
    throw err;
  }
}
