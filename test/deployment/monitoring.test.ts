/**
 * The alert rules (k8s/monitoring/alerts.yaml) and the Grafana dashboard
 * (k8s/monitoring/grafana-dashboard.json) use only series the programs really export, read from
 * the `/metrics` of the running product (gateway and the six services, embedded), and every rule is
 * complete and points at a runbook section that exists.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '@vanhop/platform';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';
import { exportedNames } from '../../services/platform/test/prometheus-text.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

/** Series Prometheus makes itself for every scrape target, not exported by any program. */
const SCRAPE_SERIES = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'offset',
  'bool',
  'inf',
  'nan',
]);

/** The series names a PromQL expression reads (functions, keywords, labels, strings and numbers left out). */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' ')
    .replace(/\b\d+(\.\d+)?(e[+-]?\d+|ms|s|m|h|d|w|y)?\b/gi, ' ');
  return [...bare.matchAll(/([a-zA-Z_:][\w:]*)(\s*\()?/g)]
    .filter((m) => !m[2] && !PROMQL_WORDS.has(m[1]!.toLowerCase()))
    .map((m) => m[1]!);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s/g, '-');

interface Rule {
  alert?: string;
  expr?: unknown;
  for?: unknown;
  labels?: { severity?: unknown };
  annotations?: { summary?: unknown; runbook_url?: unknown };
}

const rules = (
  parse(read('k8s/monitoring/alerts.yaml')) as { groups: { name: string; rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);
const dashboard = JSON.parse(read('k8s/monitoring/grafana-dashboard.json')) as {
  uid?: string;
  panels: { id: number; type: string; title: string; targets?: { expr?: string }[] }[];
  templating: { list: { query?: string }[] };
};
const runbook = read('docs/RUNBOOK.md');
const anchors = new Set([...runbook.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)));

describe('alert rules and dashboard', () => {
  let product: EmbeddedOnTempDir;
  const exported = new Set<string>();

  beforeAll(async () => {
    product = await startEmbeddedOnTempDir({}, { webApp: false });
    const targets = [product.product.opsUrl, ...Object.values(product.product.services).map((s) => s.url)];
    // The gateway's ops port and every service, fleet included.
    expect(targets).toHaveLength(SERVICE_NAMES.length + 1);
    for (const url of targets) {
      const res = await fetch(`${url}/metrics`);
      expect(res.status, url).toBe(200);
      for (const name of exportedNames(await res.text())) exported.add(name);
    }
  }, 120_000);
  afterAll(() => product?.stop());

  it('the programs export readiness, HTTP, consumer lag, dead-letter and runtime series', () => {
    for (const name of [
      'vanhop_ready',
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'vanhop_consumer_lag',
      'vanhop_dead_letters',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(exported, name).toContain(name);
    }
  });

  it('every series an alert rule reads is exported', () => {
    const used = rules.flatMap((r) => seriesIn(String(r.expr)));
    expect(used.length).toBeGreaterThan(rules.length);
    expect([...new Set(used)].filter((n) => !exported.has(n) && !SCRAPE_SERIES.has(n))).toEqual([]);
  });

  it('every series a dashboard panel or variable reads is exported', () => {
    const exprs = [
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr ?? '')),
      ...dashboard.templating.list.map((v) => (v.query ?? '').replace(/^label_values\((\w+),.*\)$/, '$1')),
    ];
    const used = exprs.flatMap(seriesIn);
    expect(used).toContain('vanhop_dead_letters');
    expect([...new Set(used)].filter((n) => !exported.has(n) && !SCRAPE_SERIES.has(n))).toEqual([]);
  });

  it('covers down, not ready, 5xx, p99 latency, consumer lag, dead letters, event-loop lag and memory', () => {
    const text = rules.map((r) => String(r.expr)).join('\n');
    for (const series of [
      'up',
      'vanhop_ready',
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'vanhop_consumer_lag',
      'vanhop_dead_letters',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(seriesIn(text), series).toContain(series);
    }
  });
});

describe('alert rules are complete', () => {
  it.each(rules.map((r) => [r.alert ?? '(unnamed)', r] as const))('%s', (_name, rule) => {
    expect(rule.alert).toMatch(/^VanHop[A-Z]\w+$/);
    expect(typeof rule.expr === 'string' && rule.expr.trim().length > 0).toBe(true);
    expect(seriesIn(String(rule.expr)).length).toBeGreaterThan(0);
    expect(String(rule.for)).toMatch(/^\d+[smh]$/);
    expect(['critical', 'warning']).toContain(rule.labels?.severity);
    expect(typeof rule.annotations?.summary === 'string' && rule.annotations.summary.length > 10).toBe(true);
    const url = String(rule.annotations?.runbook_url);
    expect(url).toMatch(/^docs\/RUNBOOK\.md#[a-z0-9-]+$/);
    const target = url.split('#')[1];
    expect(anchors, target).toContain(target);
    // Each alert has its own section, named after it.
    expect(target).toBe(anchor(rule.alert!));
  });

  it('alert names are unique, and the runbook links inside itself resolve', () => {
    const names = rules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
    const links = [...runbook.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(links.filter((l) => !anchors.has(l!))).toEqual([]);
  });
});

describe('the dashboard is importable', () => {
  it('has a uid, unique panel ids, a Prometheus query per panel and the data source as an input', () => {
    expect(dashboard.uid).toBe('vanhop-overview');
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
      for (const t of p.targets ?? []) expect(seriesIn(t.expr ?? '').length, p.title).toBeGreaterThan(0);
    }
    expect(read('k8s/monitoring/grafana-dashboard.json')).toContain('${DS_PROMETHEUS}');
  });
});

describe('seriesIn', () => {
  it('finds series and leaves out functions, keywords, labels, ranges and numbers', () => {
    expect(
      seriesIn(
        'sum by (group, topic) (max by (group, topic, partition) (delta(vanhop_consumer_lag{service=~"a|b"}[15m]))) > 0.9 * 256 * 1024 and up offset 1h',
      ),
    ).toEqual(['vanhop_consumer_lag', 'up']);
    expect(
      seriesIn(
        'histogram_quantile(0.99, sum by (service, le) (rate(http_request_duration_seconds_bucket[$__rate_interval])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(
      seriesIn('count by (service) (vanhop_ready offset 1h) unless count by (service) (vanhop_ready) > 1e6'),
    ).toEqual(['vanhop_ready', 'vanhop_ready']);
  });
});
