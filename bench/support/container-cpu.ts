/**
 * CPU used by a compose stack's containers, read from the Docker host's cgroup files (cgroup v1
 * `cpuacct.usage` or v2 `cpu.stat`): what each program cost over a window, health checks and
 * everything else run in its containers included. Undefined where the files cannot be read (a
 * remote Docker engine, another cgroup layout): the bench then prints no CPU line.
 */
import { readFile } from 'node:fs/promises';

interface CpuContainer {
  id: string;
  service: string;
}

async function cpuNs(id: string): Promise<number | undefined> {
  try {
    return Number((await readFile(`/sys/fs/cgroup/cpuacct/docker/${id}/cpuacct.usage`, 'utf8')).trim());
  } catch {
    // not cgroup v1: try v2
  }
  try {
    const usec = /usage_usec (\d+)/.exec(
      await readFile(`/sys/fs/cgroup/system.slice/docker-${id}.scope/cpu.stat`, 'utf8'),
    );
    return usec ? Number(usec[1]) * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Starts a window: call `end()` to get each program's cores (all its replicas) over it, busiest first. */
export async function cpuWindow(containers: CpuContainer[]) {
  const start = Date.now();
  const before = new Map<string, number | undefined>();
  for (const c of containers) before.set(c.id, await cpuNs(c.id));
  return {
    async end(): Promise<{ totalCores: number; byProgram: { program: string; cores: number }[] } | undefined> {
      const seconds = (Date.now() - start) / 1000;
      const byProgram = new Map<string, number>();
      for (const c of containers) {
        const [a, b] = [before.get(c.id), await cpuNs(c.id)];
        if (a === undefined || b === undefined) return undefined;
        byProgram.set(c.service, (byProgram.get(c.service) ?? 0) + (b - a) / 1e9 / seconds);
      }
      const list = [...byProgram].map(([program, cores]) => ({ program, cores })).sort((x, y) => y.cores - x.cores);
      return { totalCores: list.reduce((s, p) => s + p.cores, 0), byProgram: list };
    },
  };
}
