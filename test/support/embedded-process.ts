/** The built embedded product run as `npm start` runs it (node dist/embedded.js), as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface EmbeddedProcess {
  child: ChildProcess;
  url: string;
  /** The gateway's ops port (`/health/ready`, `/metrics`), as printed. */
  opsUrl: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Sends the signal and resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `env`: a variable given as undefined is left unset (the product's own default applies). */
export async function spawnEmbedded(
  dataDir: string,
  env: Record<string, string | undefined> = {},
  /** How long it may take to print its URL (a large data folder takes longer to load). */
  startTimeoutMs = 30_000,
): Promise<EmbeddedProcess> {
  if (!existsSync('dist/embedded.js')) throw new Error('dist/embedded.js is missing: run npm run build first');
  const merged: Record<string, string | undefined> = {
    ...process.env,
    GATEWAY_PORT: '0',
    OPS_PORT: '0',
    LOG_LEVEL: 'warn',
    ...env,
    DATA_DIR: dataDir,
  };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const child = spawn(process.execPath, ['dist/embedded.js'], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const [url, opsUrl] = await new Promise<[string, string]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), startTimeoutMs);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /Open (http:\/\/\S+)\n Health and metrics (http:\/\/\S+)\/health\/ready/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve([m[1]!, m[2]!]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  return {
    child,
    url,
    opsUrl,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
