import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, serviceUrlVar } from '@vanhop/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '../src/index.js';
import { injectPage } from '../src/static-site.js';

const SHELL = `<!doctype html><html><head><meta name="description" content="default" /><title>VanHop default</title></head><body><div id="root"></div></body></html>`;

describe('prerendered local landing pages', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'vanhop-prerender-'));
    writeFileSync(path.join(staticDir, 'index.html'), SHELL);
    const env: Record<string, string> = { GATEWAY_PORT: '0', LOG_LEVEL: 'silent', JWT_SECRET: 'a-test-secret-that-is-long-enough-1234567890', STATIC_DIR: staticDir };
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
