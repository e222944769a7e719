import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, serviceUrlVar } from '@vanhop/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '../src/index.js';
import { injectPage } from '../src/static-site.js';
import { CHROME_FILE, HOME_FILE, PAGE_SLOT, PRERENDER_DIR } from '../src/landing-prerender.js';

const SHELL = `<!doctype html><html><head><meta name="description" content="default" /><title>VanHop default</title></head><body><div id="root"></div></body></html>`;

describe('prerendered local landing pages', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'vanhop-prerender-'));
    writeFileSync(path.join(staticDir, 'index.html'), SHELL);
    const env: Record<string, string> = {
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'a-test-secret-that-is-long-enough-1234567890',
      STATIC_DIR: staticDir,
    };
    for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = 'http://127.0.0.1:1';
    gateway = await startGateway(loadGatewayConfig(env));
  });
  afterAll(() => gateway?.stop());

  it('serves a landing page with its own title, description and text in the HTML', async () => {
    const res = await fetch(`${gateway.url}/man-and-van-croydon`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Man and Van in Croydon | VanHop Removals</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]*Croydon[^"]*" \/>/);
    expect(html).toContain('<h1>Man and Van in Croydon</h1>');
    expect((html.match(/>Book Now</g) ?? []).length).toBe(2);
  });

  it('leaves every other path to the app shell unchanged', async () => {
    for (const p of ['/man-and-van-atlantis', '/services', '/booking', '/']) {
      expect(await (await fetch(`${gateway.url}${p}`)).text()).toBe(SHELL);
    }
  });

  it('escapes text it injects', () => {
    const html = injectPage(SHELL, { title: 'A <b> & "c"', description: '"quoted"', bodyHtml: '<p>ok</p>' });
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(html).toContain('content="&quot;quoted&quot;"');
    expect(html).toContain('<div id="root"><p>ok</p></div>');
  });
});

describe('the prerendered app shell from the build', () => {
  const CSS = 'body{margin:0}';
  const BUILT = `<!doctype html><html><head><meta name="description" content="default" /><title>VanHop default</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>`;
  let gateway: RunningGateway;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'vanhop-prerender-shell-'));
    writeFileSync(path.join(staticDir, 'index.html'), BUILT);
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'assets', 'index-1.css'), CSS);
    mkdirSync(path.join(staticDir, PRERENDER_DIR));
    writeFileSync(
      path.join(staticDir, PRERENDER_DIR, HOME_FILE),
      '<div class="site"><main><h1>Home $&</h1></main></div>',
    );
    writeFileSync(
      path.join(staticDir, PRERENDER_DIR, CHROME_FILE),
      `<div class="site"><header>Menu</header><main class="site-main">${PAGE_SLOT}</main></div>`,
    );
    const env: Record<string, string> = {
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'a-test-secret-that-is-long-enough-1234567890',
      STATIC_DIR: staticDir,
    };
    for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = 'http://127.0.0.1:1';
    gateway = await startGateway(loadGatewayConfig(env));
  });
  afterAll(() => gateway?.stop());

  it('sends the home page drawn, with the stylesheet inline', async () => {
    const res = await fetch(`${gateway.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root"><div class="site"><main><h1>Home $&</h1></main></div></div>');
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('<link rel="stylesheet"');
  });

  it('puts a landing page inside the prerendered header and footer', async () => {
    const html = await (await fetch(`${gateway.url}/man-and-van-croydon`)).text();
    expect(html).toMatch(
      /<div id="root"><div class="site"><header>Menu<\/header><main class="site-main"><article class="page landing"><h1>Man and Van in Croydon<\/h1>/,
    );
    expect(html).toContain('<title>Man and Van in Croydon | VanHop Removals</title>');
    expect(html).toContain(`<style>${CSS}</style>`);
  });

  it('leaves other paths to the plain shell', async () => {
    expect(await (await fetch(`${gateway.url}/services`)).text()).toBe(BUILT);
  });
});
