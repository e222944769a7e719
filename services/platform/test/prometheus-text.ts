/** Reading Prometheus' text exposition format in tests. */

/** The values of every series of `name` whose labels include `labels`, in the text's order. */
function values(text: string, name: string, labels: Record<string, string>): number[] {
  const found: number[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) found.push(Number(m[3]));
  }
  return found;
}

/** The value of the first series of `name` whose labels include `labels`; undefined when there is none. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return values(text, name, labels)[0];
}

/** The sum of every series of `name` whose labels include `labels` (0 when there is none). */
export function total(text: string, name: string, labels: Record<string, string> = {}): number {
  return values(text, name, labels).reduce((sum, v) => sum + v, 0);
}

/**
 * Every series name a registry can expose, from its `# TYPE` lines (present even before a first
 * observation): a histogram also gives `_bucket`, `_sum` and `_count`, a summary `_sum` and `_count`.
 */
export function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}
