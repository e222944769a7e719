import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { dockerRequired, dockerStatus, localImages } from '../../services/platform/test/docker-infra.js';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { freePort } from './process-fleet.js';

/**
 * The distributed product as docker-compose.yml ships it (two replicas of every program behind the
 * lb, Kafka, MongoDB, Redis, the SMTP catcher) on the local stand-in images of
 * docker-compose.ci.yml, under a project of its own: what test/system/compose.test.ts and the fault
 * run (test/system/fault-run) start, drive and take down. Every published port is on 127.0.0.1.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
export const IMAGES = localImages();
const NEEDED = ['APP_IMAGE', 'KAFKA_IMAGE', 'MONGO_IMAGE', 'REDIS_IMAGE', 'MAIL_IMAGE', 'STRIPE_IMAGE', 'LB_IMAGE'].map(
  (k) => IMAGES[k]!,
);

/** The programs of the stack, each run in replicas (the compose service names). */
export const PROGRAMS = [
  'gateway',
  'quote',
  'booking',
  'payment',
  'notification',
  'review',
  'admin-auth',
  'fleet',
] as const;
export type Program = (typeof PROGRAMS)[number];
/** Where each program answers /metrics inside the compose network (the gateway: its ops port). */
export const METRICS_PORT: Record<Program, number> = {
  gateway: 9090,
  quote: 4101,
  booking: 4102,
  payment: 4103,
  notification: 4104,
  review: 4105,
  'admin-auth': 4106,
  fleet: 4107,
};

/** Compose v2 when the docker CLI has the plugin, else Debian's docker-compose 1.29. */
async function composeCommand(): Promise<string[] | null> {
  for (const cmd of [['docker', 'compose'], ['/usr/bin/docker', 'compose'], ['docker-compose']]) {
    try {
      await run(cmd[0]!, [...cmd.slice(1), 'version'], { timeout: 20_000 });
      return cmd;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Whether this machine can run the stack: null, or why not (REQUIRE_DOCKER=1 turns that into a failure). */
export async function composeReadiness(): Promise<{ compose: string[] | null; reason: string | null }> {
  if ((process.env.TEST_INFRA ?? '').trim() === 'servers')
    return { compose: null, reason: 'TEST_INFRA=servers (no containers)' };
  const docker = await dockerStatus(NEEDED);
  if (!docker.ok) return { compose: null, reason: docker.detail };
  const compose = await composeCommand();
  if (!compose)
    return {
      compose: null,
      reason:
        'neither `docker compose` nor docker-compose is installed (bash scripts/images/ensure-docker.sh installs it)',
    };
  return { compose, reason: null };
}

export { dockerRequired };

/** The variables the compose files require from the operator (`${NAME:?message}`). */
export function requiredVariables(): string[] {
  const text = ['docker-compose.yml', 'docker-compose.ci.yml']
    .map((f) => readFileSync(path.join(ROOT, f), 'utf8'))
    .join('\n');
  return [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+):?\?/g)].map((m) => m[1]!))];
}

export interface Container {
  id: string;
  name: string;
  service: string;
  /** Its address on the compose network (reachable from this host on Linux). */
  ip: string;
  running: boolean;
}

export interface StackOptions {
  /** Operator settings beyond the secrets (e.g. the per-client limits for a load test). */
  env?: Record<string, string>;
  /** Publish MongoDB on loopback too, so a test can count what the stores hold. */
  publishMongo?: boolean;
  log?: (line: string) => void;
}

export class ComposeStack {
  readonly secrets: Record<string, string> = {
    // Every value the compose files demand with ${NAME:?...}, fresh for this run: a random secret
    // unless it has a shape of its own below (so a secret added later needs no change here).
    ...Object.fromEntries(requiredVariables().map((name) => [name, randomBytes(36).toString('base64url')])),
    ADMIN_SIGNUP_CODE: `VH-${randomBytes(4).toString('hex').toUpperCase()}`,
    // Stripe test-format keys: the payment containers' real Stripe SDK uses them against the local
    // Stripe API (STRIPE_API_BASE in docker-compose.ci.yml), which checks the same key.
    STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
  };
  gatewayUrl = '';
  mailUrl = '';
  stripeUrl = '';
  mongoUrl = '';
  private envDir = '';
  private env: NodeJS.ProcessEnv = {};
  private started = false;

  constructor(
    private readonly compose: string[],
    readonly project = `vanhop-ci-${randomBytes(4).toString('hex')}`,
    private readonly options: StackOptions = {},
  ) {}

  private files(): string[] {
    const files = ['-f', path.join(ROOT, 'docker-compose.yml'), '-f', path.join(ROOT, 'docker-compose.ci.yml')];
    if (this.options.publishMongo) files.push('-f', path.join(this.envDir, 'publish-mongo.yml'));
    return files;
  }

  /** `docker compose <args>` for this project, its output (stdout and stderr). */
  async run(args: string[], timeoutMs: number): Promise<string> {
    const full = [
      ...this.compose.slice(1),
      // An empty env file: a developer's .env must not change what runs here.
      '--env-file',
      path.join(this.envDir, 'empty.env'),
      '-p',
      this.project,
      ...this.files(),
      ...args,
    ];
    const { stdout, stderr } = await run(this.compose[0]!, full, {
      cwd: ROOT,
      env: this.env,
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    return `${stdout}${stderr}`;
  }

  async docker(args: string[], timeoutMs = 60_000): Promise<string> {
    const { stdout } = await run('docker', args, { env: this.env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  }

  async diagnostics(): Promise<string> {
    const ps = await this.run(['ps'], 30_000).catch((e) => String(e));
    const logs = await this.run(['logs', '--no-color', '--tail=30'], 60_000).catch((e) => String(e));
    return `--- compose ps ---\n${ps}\n--- compose logs (last lines per container) ---\n${logs}`;
  }

  async up(): Promise<void> {
    this.envDir = mkdtempSync(path.join(os.tmpdir(), 'vanhop-compose-'));
    writeFileSync(path.join(this.envDir, 'empty.env'), '');
    const [http, mail, stripe, mongo] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    this.gatewayUrl = `http://127.0.0.1:${http}`;
    this.mailUrl = `http://127.0.0.1:${mail}`;
    this.stripeUrl = `http://127.0.0.1:${stripe}`;
    this.mongoUrl = `mongodb://127.0.0.1:${mongo}`;
    if (this.options.publishMongo)
      writeFileSync(
        path.join(this.envDir, 'publish-mongo.yml'),
        `services:\n  mongo:\n    ports:\n      - "127.0.0.1:${mongo}:27017"\n`,
      );
    this.env = {
      ...process.env,
      ...this.secrets,
      // "address:port" in the compose files' "${VAR:-8080}:8080" publishes on loopback only.
      VANHOP_HTTP_PORT: `127.0.0.1:${http}`,
      MAILPIT_UI_PORT: `127.0.0.1:${mail}`,
      STRIPE_API_PORT: `127.0.0.1:${stripe}`,
      PUBLIC_URL: this.gatewayUrl,
      LOG_LEVEL: 'warn',
      ...this.options.env,
    };
    const t0 = Date.now();
    this.started = true;
    try {
      // Compose starts each container once those it depends on are healthy (gateways last).
      await this.run(['up', '-d', '--no-build'], 300_000);
    } catch (err) {
      throw new Error(
        `compose up failed: ${err instanceof Error ? err.message : String(err)}\n${await this.diagnostics()}`,
      );
    }
    await this.untilServing(180_000);
    await this.untilOffering(120_000);
    this.options.log?.(
      `[compose] project ${this.project} up and healthy through the lb in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }

  /** Until the entry point answers the staff dashboard's health check with every service ok. */
  async untilServing(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    for (;;) {
      try {
        const res = await fetch(`${this.gatewayUrl}/api/dashboard/health`, { signal: AbortSignal.timeout(10_000) });
        const body = await res.text();
        if (res.ok && JSON.parse(body).health === 'ok') return;
        last = `${res.status} ${body}`;
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
      }
      if (Date.now() > deadline)
        throw new Error(`the stack did not serve within ${timeoutMs / 1000} s (${last})\n${await this.diagnostics()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /**
   * Until a quote through the entry point offers drivers: quote prices from its copy of fleet's
   * drivers, filled by fleet's events once both consumer groups have joined, which can come a
   * little after every replica reports ready.
   */
  async untilOffering(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const move = JSON.stringify(completeBooking(daysAheadAtUtc(new Date(), 30, 10), { email: 'warm-up@example.com' }));
    let last = 'no answer yet';
    for (;;) {
      try {
        const res = await fetch(`${this.gatewayUrl}/api/booking`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: move,
          signal: AbortSignal.timeout(10_000),
        });
        const body = await res.text();
        if (res.ok && ((JSON.parse(body) as { offers?: unknown[] }).offers?.length ?? 0) > 0) return;
        last = `${res.status} ${body.slice(0, 300)}`;
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
      }
      if (Date.now() > deadline)
        throw new Error(`no offers within ${timeoutMs / 1000} s (${last})\n${await this.diagnostics()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** The project's containers (of one compose service, or all), with their network address. */
  async containers(service?: string): Promise<Container[]> {
    const filters = [
      '--filter',
      `label=com.docker.compose.project=${this.project}`,
      ...(service ? ['--filter', `label=com.docker.compose.service=${service}`] : []),
    ];
    const ids = (await this.docker(['ps', '-aq', ...filters])).split('\n').filter(Boolean);
    if (ids.length === 0) return [];
    const format =
      '{{.Id}}|{{.Name}}|{{index .Config.Labels "com.docker.compose.service"}}|{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}|{{.State.Running}}';
    const lines = (await this.docker(['inspect', '--format', format, ...ids])).split('\n').filter(Boolean);
    return lines
      .map((l) => {
        const [id, name, svc, ip, running] = l.split('|');
        return { id: id!, name: name!.replace(/^\//, ''), service: svc!, ip: ip!, running: running === 'true' };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async state(container: Container): Promise<{ running: boolean; startedAt: string }> {
    const [running, startedAt] = (
      await this.docker(['inspect', '--format', '{{.State.Running}}|{{.State.StartedAt}}', container.id])
    )
      .trim()
      .split('|');
    return { running: running === 'true', startedAt: startedAt ?? '' };
  }

  /** The container's health as Docker's healthcheck last saw it ("healthy", "starting"...). */
  async health(container: Container): Promise<string> {
    return (
      await this.docker([
        'inspect',
        '--format',
        '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}',
        container.id,
      ])
    ).trim();
  }

  async untilHealthy(container: Container, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.health(container).catch(() => 'gone');
      if (status === 'healthy') return;
      if (Date.now() > deadline)
        throw new Error(`${container.name} not healthy within ${timeoutMs / 1000} s (${status})`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** How many replicas of `program` the lb counts UP (its stats page, inside the network). */
  async lbUp(program: string): Promise<number> {
    const [lb] = await this.containers('lb');
    if (!lb) throw new Error('no lb container');
    const csv = await (await fetch(`http://${lb.ip}:8404/stats;csv`, { signal: AbortSignal.timeout(10_000) })).text();
    return csv.split('\n').filter((line) => {
      const cols = line.split(',');
      return cols[0] === program && cols[1] !== 'FRONTEND' && cols[1] !== 'BACKEND' && cols[17] === 'UP';
    }).length;
  }

  /** Until the lb counts `count` replicas of `program` UP. */
  async untilLbUp(program: string, count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const up = await this.lbUp(program).catch(() => -1);
      if (up >= count) return;
      if (Date.now() > deadline)
        throw new Error(`the lb counts ${up} of ${count} ${program} replicas UP after ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  async down(): Promise<void> {
    if (this.started) {
      const t0 = Date.now();
      await this.run(['down', '-v', '--remove-orphans', '--timeout', '10'], 180_000);
      this.options.log?.(
        `[compose] project ${this.project} removed (down -v) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    if (this.envDir) rmSync(this.envDir, { recursive: true, force: true });
  }
}
