/** Reads a V8 CPU profile (the inspector's Profiler.stop) into self time by function and by package. */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(program)']);

/** Where a script lives, as a package name (`express`, `@vanhop/quote`) or `node:` for Node's own. */
function packageOf(url: string): string {
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return 'node:';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const ours = /\/(services\/[^/]+|gateway|contracts|scripts)\//.exec(url);
  return ours ? ours[1]! : url;
}

export function summariseProfile(profile: CpuProfile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (IDLE.has(functionName)) continue;
    busy += us;
    const file = url.split('/').slice(-2).join('/');
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const pkg = functionName === '(garbage collector)' ? '(garbage collector)' : packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${pct(us)}  ${k}`)
      .join('\n');
  return `busy ${(busy / 1e3).toFixed(0)} ms\n\nby package (self):\n${rows(byPackage, 20)}\n\nby function (self):\n${rows(byFunction, top)}`;
}
