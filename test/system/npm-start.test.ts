import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Runs the built embedded product exactly as `npm start` does (node dist/embedded.js) and talks to
 * it only over HTTP through the printed URL.
 */
describe('npm start (embedded product as a process)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('prints its URL, answers through the gateway, and stops cleanly on SIGTERM', async () => {
    expect(existsSync('dist/embedded.js'), 'run npm run build first').toBe(true);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-start-'));
    child = spawn(process.execPath, ['dist/embedded.js'], {
      env: { ...process.env, GATEWAY_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 20_000);
      const onData = (d: Buffer) => {
        output += d.toString();
        const m = /Open (http:\/\/\S+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', onData);
      child!.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
    });
    expect(output).toMatch(/Admin sign-up code: VH-[0-9A-F]{8}/);

    const health = await fetch(`${url}/api/dashboard/health`);
    expect(health.status).toBe(200);
    const body = await health.json();
    expect(body.health).toBe('ok');
    expect(Object.keys(body.services).sort()).toEqual(['admin-auth', 'booking', 'notification', 'payment', 'quote', 'review']);

    const home = await fetch(url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');

    const exit = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    child = undefined;
  });
});
