import { readFileSync } from 'node:fs';
import { freePort } from '../../../test/system/process-fleet.js';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';

/**
 * Real Kafka, MongoDB-protocol and Redis servers in containers, started by the test file that needs
 * them (testcontainers' GenericContainer on the local images scripts/images/build.sh makes; none
 * can be pulled here) and removed when that file ends.
 *
 * Ryuk, testcontainers' reaper, is off: its image cannot be pulled here and it is a Go program we
 * cannot build from Debian, Maven or npm packages. Each container is removed in the file's
 * afterAll instead, and carries the label org.vanhop.test=infra, so anything a killed run leaves
 * behind is removed by `.ci/run` (or by hand: docker rm -f $(docker ps -aq --filter label=org.vanhop.test)).
 * Ports are published on 127.0.0.1 only: test traffic never leaves loopback.
 */
process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const flag = (name: string) => /^(1|true|yes)$/i.test(process.env[name] ?? '');

/** REQUIRE_DOCKER=1 (CI): the container path must work; a missing engine or image fails the run. */
export const dockerRequired = (): boolean => flag('REQUIRE_DOCKER');

/** The image names scripts/images/build.sh builds (scripts/images/tags.env). */
export function localImages(): Record<string, string> {
  const text = readFileSync(path.join(ROOT, 'scripts/images/tags.env'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .map((l) => /^([A-Z_]+)=(\S+)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

export interface DockerStatus {
  ok: boolean;
  /** Why the container path cannot be taken (ok: false), or the engine's version (ok: true). */
  detail: string;
}

let engine: Promise<DockerStatus> | null = null;

/** Whether a Docker engine answers and has every image named (cached per test file). */
export async function dockerStatus(images: string[]): Promise<DockerStatus> {
  engine ??= (async () => {
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      const client = await getContainerRuntimeClient();
      return { ok: true, detail: `Docker ${client.info.containerRuntime.serverVersion}` };
    } catch (err) {
      return {
        ok: false,
        detail: `no Docker engine answers (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
      };
    }
  })();
  const status = await engine;
  if (!status.ok) return status;
  const { getContainerRuntimeClient, ImageName } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  const missing: string[] = [];
  for (const image of images) if (!(await client.image.exists(ImageName.fromString(image)))) missing.push(image);
  if (missing.length > 0)
    return {
      ok: false,
      detail: `image${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not built (run: bash scripts/images/build.sh)`,
    };
  return status;
}

export type InfraKind = 'kafka' | 'mongo' | 'redis';

export const INFRA_IMAGE_VAR: Record<InfraKind, string> = {
  kafka: 'KAFKA_IMAGE',
  mongo: 'MONGO_IMAGE',
  redis: 'REDIS_IMAGE',
};

/**
 * Starts the server in a container for this test file and returns the address clients use
 * (KAFKA_BROKERS / MONGO_URL / REDIS_URL form). The container is removed after the file's tests.
 */
export async function startInfraContainer(kind: InfraKind): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');

  /** testcontainers publishes on every interface; these bindings say 127.0.0.1. */
  class LoopbackContainer extends GenericContainer {
    withLoopbackPort(containerPort: number, hostPort = 0): this {
      this.withExposedPorts(hostPort ? { container: containerPort, host: hostPort } : containerPort);
      this.hostConfig.PortBindings = {
        ...this.hostConfig.PortBindings,
        [`${containerPort}/tcp`]: [{ HostIp: '127.0.0.1', HostPort: String(hostPort) }],
      };
      return this;
    }
  }

  const image = localImages()[INFRA_IMAGE_VAR[kind]];
  const started = Date.now();
  let container: StartedTestContainer;
  let address: string;
  const base = () =>
    new LoopbackContainer(image!).withLabels({ 'org.vanhop.test': 'infra' }).withStartupTimeout(120_000);

  if (kind === 'kafka') {
    // Clients are told the advertised address, so the broker must advertise the port published on
    // the host: the same number on both sides, chosen before the container starts.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        container = await base()
          .withLoopbackPort(port, port)
          .withEnvironment({
            KAFKA_LISTENERS: `PLAINTEXT://:${port},CONTROLLER://:9093`,
            KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
            // As scripts/infra configures its broker: a mistyped topic fails instead of appearing.
            KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
            KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '4',
            KAFKA_LOG_FLUSH_INTERVAL_MESSAGES: '1',
          })
          .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
          .start();
        address = `127.0.0.1:${port}`;
        break;
      } catch (err) {
        // Another process may take the port between the check and the bind: draw another, once.
        if (attempt >= 2 || !/port is already allocated|address already in use/i.test(String(err))) throw err;
      }
    }
  } else if (kind === 'mongo') {
    container = await base()
      .withLoopbackPort(27017)
      .withWaitStrategy(Wait.forLogMessage(/mongo-java-server listening on/))
      .start();
    address = `mongodb://127.0.0.1:${container.getMappedPort(27017)}`;
  } else {
    container = await base()
      .withLoopbackPort(6379)
      .withCommand(['redis-server', '--save', '', '--appendonly', 'no'])
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
      .start();
    address = `redis://127.0.0.1:${container.getMappedPort(6379)}`;
  }
  afterAll(async () => {
    // Killed, not stopped politely: nothing in it outlives the test file.
    await container.stop();
  }, 60_000);
  console.info(
    `[infra] ${kind}: testcontainers ${image} (container ${container.getId().slice(0, 12)}) at ${address}, up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return address;
}
