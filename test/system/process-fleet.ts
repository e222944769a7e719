import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Asks the OS for a port nobody listens on (closed again at once, then handed to a child process). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * One service (or the gateway) running as its own OS process from its built bundle, exactly as a
 * container would run it: `node <entry>` with configuration in the environment only.
 */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private output = '';
  private exited: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    readonly url: string,
    private readonly readyPath = '/health/ready',
  ) {}

  /** Starts the process and resolves once its health endpoint answers 200. */
  async start(timeoutMs = 45_000): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    const child = spawn(process.execPath, [this.entry], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (d: Buffer) => {
      // The last 20 KB are enough to explain a failure without holding a whole log in memory.
      this.output = (this.output + d.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let gone = false;
    void this.exited.then(() => (gone = true));

    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (gone) throw new Error(`${this.name} exited during start:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}${this.readyPath}`);
        const text = await res.text();
        // Ready, and every check answers, optional ones too (the bus: its consumer groups have joined),
        // so a test's first event is not left waiting for a group still joining.
        const checks = (JSON.parse(text || '{}') as { checks?: Record<string, string> }).checks ?? {};
        if (res.ok && Object.values(checks).every((v) => v === 'ok')) return;
        last = `${res.status} ${text}`;
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.name} not ready within ${timeoutMs} ms (${last}):\n${this.output}`);
  }

  /** Sends a signal and waits for the process to be gone; SIGKILL models a crash (no shutdown code runs). */
  async kill(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    child.kill(signal);
    const code = await this.exited;
    this.child = null;
    return code;
  }

  get running(): boolean {
    return this.child !== null;
  }

  get log(): string {
    return this.output;
  }
}
