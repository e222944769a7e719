/**
 * A Lighthouse-style performance audit of the web app in Chromium (no Lighthouse itself): cold
 * loads of the home page and a local landing page from the embedded product, lab metrics read in the
 * page with PerformanceObserver (FCP, LCP, CLS, long tasks for TBT), under throttling applied
 * through the DevTools protocol, scored with Lighthouse's log-normal curves and weights.
 *
 *   mobile  (Lighthouse's default): 412x823 at DPR 1.75, 4x CPU slowdown, 562.5 ms RTT,
 *           1.47 Mbit/s down, 0.68 Mbit/s up (Lighthouse's "applied" Slow 4G values)
 *   desktop: 1350x940, no CPU slowdown, 40 ms RTT, 10 Mbit/s
 *
 * The score is the weighted mean of the metric scores Lighthouse 10 uses, without Speed Index
 * (FCP 10, LCP 25, TBT 30, CLS 25, renormalised): a lab estimate to compare builds, not Lighthouse's
 * own number. TBT here is the long tasks' time over 50 ms from FCP until the page is quiet.
 *
 * Run: npx tsx bench/web-vitals.ts [runs]   (default 3 cold loads per page and profile; the median
 * run is reported). Needs the built web app (npm run build) and Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium).
 */
import './support/raw-text.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const { startEmbeddedOnTempDir } = await import('../test/support/embedded.js');

const runs = Math.min(Math.max(Number(process.argv[2] ?? 3), 1), 9);
const TARGET = 95;

interface Profile {
  name: 'mobile' | 'desktop';
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  mobile: boolean;
  cpu: number;
  latencyMs: number;
  downKbps: number;
  upKbps: number;
  /** Lighthouse 10 scoring curves: [p10, median] per metric. */
  curves: { fcp: [number, number]; lcp: [number, number]; tbt: [number, number]; cls: [number, number] };
}

const PROFILES: Profile[] = [
  {
    name: 'mobile',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    mobile: true,
    cpu: 4,
    latencyMs: 562.5,
    downKbps: 1474.56,
    upKbps: 675,
    curves: { fcp: [1800, 3000], lcp: [2500, 4000], tbt: [200, 600], cls: [0.1, 0.25] },
  },
  {
    name: 'desktop',
    viewport: { width: 1350, height: 940 },
    deviceScaleFactor: 1,
    mobile: false,
    cpu: 1,
    latencyMs: 40,
    downKbps: 10240,
    upKbps: 10240,
    curves: { fcp: [934, 1600], lcp: [1200, 2400], tbt: [150, 350], cls: [0.1, 0.25] },
  },
];
const WEIGHTS = { fcp: 10, lcp: 25, tbt: 30, cls: 25 };

/** Lighthouse's log-normal metric score (lighthouse-core/lib/statistics.js). */
function logNormalScore([p10, median]: [number, number], value: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const standardizedX = (Math.log(value / median) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(p10 / median);
  const complementaryPercentile = (1 - erf(standardizedX)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, complementaryPercentile));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, complementaryPercentile));
  return Math.max(0, Math.min(0.49999999999999994, complementaryPercentile));
}

/** Abramowitz and Stegun 7.1.26, as Lighthouse uses. */
function erf(x: number): number {
  const sign = Math.sign(x);
  x = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * x);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-x * x));
}

/** Installed before any page script: collects the lab metrics as the page loads. */
const OBSERVERS = `
(() => {
  const m = { fcp: 0, lcp: 0, cls: 0, longTasks: [], lastLongTaskEnd: 0 };
  window.__vitals = m;
  const observe = (type, fn) => { try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { m.lcp = e.renderTime || e.loadTime || e.startTime; });
  // CLS as Chrome defines it: the largest session window (gaps < 1 s, windows <= 5 s).
  let win = 0, first = 0, last = 0;
  observe('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    if (win && e.startTime - last < 1000 && e.startTime - first < 5000) win += e.value;
    else { win = e.value; first = e.startTime; }
    last = e.startTime;
    m.cls = Math.max(m.cls, win);
  });
  observe('longtask', (e) => { m.longTasks.push([e.startTime, e.duration]); m.lastLongTaskEnd = Math.max(m.lastLongTaskEnd, e.startTime + e.duration); });
})();
`;

interface Vitals {
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  score: number;
  bytes: number;
}

async function audit(browser: Browser, url: string, profile: Profile): Promise<Vitals> {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVERS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downKbps * 1024) / 8,
      uploadThroughput: (profile.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Quiet: no long task for 5 s (Lighthouse's TTI looks for a 5 s quiet window), 20 s at most.
    const started = Date.now();
    for (;;) {
      await page.waitForTimeout(500);
      const quietFor = await page.evaluate(
        () =>
          performance.now() -
          Math.max((globalThis as unknown as { __vitals: { lastLongTaskEnd: number } }).__vitals.lastLongTaskEnd, 0),
      );
      if (quietFor > 5000 || Date.now() - started > 20_000) break;
    }
    const v = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            __vitals: { fcp: number; lcp: number; cls: number; longTasks: [number, number][] };
          }
        ).__vitals,
    );
    const tbt = v.longTasks
      .filter(([start]) => start >= v.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const lcp = v.lcp || v.fcp;
    const c = profile.curves;
    const parts = {
      fcp: logNormalScore(c.fcp, v.fcp),
      lcp: logNormalScore(c.lcp, lcp),
      tbt: logNormalScore(c.tbt, tbt),
      cls: logNormalScore(c.cls, v.cls),
    };
    const total = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);
    const score =
      (100 * (Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]).reduce((s, k) => s + WEIGHTS[k] * parts[k], 0)) / total;
    return { fcp: v.fcp, lcp, cls: v.cls, tbt, score, bytes };
  } finally {
    await context.close();
  }
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath))
  throw new Error(`no Chromium at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH`);
if (!existsSync(path.resolve('frontend/dist/index.html')))
  throw new Error('the web app is not built: run npm run build');

const { product, stop } = await startEmbeddedOnTempDir({
  LOG_LEVEL: 'silent',
  GATEWAY_RATE_LIMIT_PER_MINUTE: '100000',
});
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
});
try {
  const pages = [
    { label: 'home', path: '/' },
    { label: 'landing', path: '/removals-service-abbey-wood' },
  ];
  const rows: Record<string, string | number>[] = [];
  for (const profile of PROFILES) {
    for (const p of pages) {
      const results: Vitals[] = [];
      for (let i = 0; i < runs; i++) results.push(await audit(browser, `${product.url}${p.path}`, profile));
      const median = results.sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!; // runs >= 1
      rows.push({
        profile: profile.name,
        page: `${p.label} ${p.path}`,
        'FCP ms': Math.round(median.fcp),
        'LCP ms': Math.round(median.lcp),
        'TBT ms': Math.round(median.tbt),
        CLS: Number(median.cls.toFixed(3)),
        'KB transferred': Math.round(median.bytes / 1024),
        score: Math.round(median.score),
        [`>= ${TARGET}`]: median.score >= TARGET - 0.5 ? 'yes' : 'NO',
      });
    }
  }
  console.log(`\nLab metrics, median of ${runs} cold loads per page and profile (Chromium ${browser.version()})\n`);
  console.table(rows);
} finally {
  await browser.close();
  await stop();
}
