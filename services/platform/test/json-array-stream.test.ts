import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route, sendJsonArray, type Logger, type RunningServer } from '../src/index.js';
import { listenServiceApp } from './support/http-app.js';

/** Items of about 120 characters with text outside ASCII: 3,000 of them make several pieces. */
const items = Array.from({ length: 3_000 }, (_, n) => ({
  n,
  name: `Déménagement n°${n} — £${n * 3}`,
  note: n % 7 === 0 ? null : 'x'.repeat(n % 50),
  stops: [n, `stop "${n}"`],
}));

/** "Endless": 120 MB of text, far more than the socket's buffers can take from a client that does not read. */
const ENDLESS = 1_000_000;

async function* from<T>(list: T[]): AsyncGenerator<T> {
  for (const item of list) yield item;
}

/** A GET that reads the status and headers, then the first bytes only, and goes away. */
function readFirstBytesAndLeave(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
  });
}

/** The whole body as the client saw it, or how it ended when the connection was cut. */
function readAll(url: string): Promise<{ status: number; body: string; complete: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, complete: res.complete }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body, complete: false }));
      })
      .on('error', reject);
  });
}

describe('sendJsonArray: a JSON array written as its items are read', () => {
  let server: RunningServer;
  const logged: string[] = [];
  const logger = { error: (_obj: unknown, msg: string) => void logged.push(msg) } as unknown as Logger;
  let failAfter = 0;
  /** The endless read's state: how many items it gave, and a promise kept when it is stopped. */
  let endless: { given: number; stopped: Promise<void> } | null = null;
  let firstOnly = { given: 0 };

  beforeAll(async () => {
    server = await listenServiceApp((app) => {
      app.get('/whole/:n', (req, res) => void res.json(items.slice(0, Number(req.params.n))));
      app.get(
        '/streamed/:n',
        route((req, res) => sendJsonArray(res, from(items.slice(0, Number(req.params.n))), logger)),
      );
      app.get(
        '/failing',
        route(async (_req, res) => {
          async function* failing() {
            for (let n = 0; n < failAfter; n++) yield items[n % items.length];
            throw new Error('the store went away');
          }
          await sendJsonArray(res, failing(), logger);
        }),
      );
      app.get(
        '/endless',
        route(async (_req, res) => {
          let stop: () => void = () => undefined;
          const state = { given: 0, stopped: new Promise<void>((r) => (stop = r)) };
          endless = state;
          async function* endlessItems() {
            try {
              while (state.given < ENDLESS) {
                state.given++;
                yield items[state.given % items.length];
              }
            } finally {
              stop();
            }
          }
          await sendJsonArray(res, endlessItems(), logger);
        }),
      );
      app.get(
        '/counted',
        route(async (_req, res) => {
          const counter = { given: 0 };
          firstOnly = counter;
          async function* counted() {
            for (const item of items) {
              counter.given++;
              yield item;
            }
          }
          await sendJsonArray(res, counted(), logger);
        }),
      );
    });
  });
  afterAll(() => server.close());

  it('sends the bytes and type res.json sends for the same array: empty, one item, many pieces', async () => {
    for (const n of [0, 1, 3_000]) {
      const [whole, streamed] = await Promise.all([
        fetch(`${server.url}/whole/${n}`),
        fetch(`${server.url}/streamed/${n}`),
      ]);
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get('content-type')).toBe(whole.headers.get('content-type'));
      const bytes = Buffer.from(await streamed.arrayBuffer());
      expect(bytes.equals(Buffer.from(await whole.arrayBuffer())), `${n} items`).toBe(true);
    }
    // The many items span several writes (more than one piece of 64 K characters).
    expect(JSON.stringify(items).length).toBeGreaterThan(3 * 64 * 1024);
  });

  it('answers a failure before anything is sent with the usual 500', async () => {
    failAfter = 0;
    const res = await fetch(`${server.url}/failing`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal server error', code: 'internal' });
  });

  it('cuts the connection on a failure after the first bytes, logs it, and serves the next request', async () => {
    failAfter = 2_000;
    logged.length = 0;
    const res = await readAll(`${server.url}/failing`);
    expect(res.status).toBe(200);
    expect(res.complete).toBe(false);
    expect(res.body.startsWith('[{"n":0,')).toBe(true);
    expect(() => JSON.parse(res.body)).toThrow();
    expect(logged).toEqual(['a streamed JSON list failed after its first bytes were sent; the connection was cut']);
    expect(JSON.parse((await readAll(`${server.url}/streamed/2`)).body)).toEqual(items.slice(0, 2));
  });

  it('waits for a client that does not read, and stops reading when it goes away', async () => {
    // Without waiting for 'drain' the read would not give the event loop a turn until it ran out.
    expect(await readFirstBytesAndLeave(`${server.url}/endless`)).toBe(200);
    await endless!.stopped;
    expect(endless!.given).toBeLessThan(ENDLESS);
    expect(JSON.parse((await readAll(`${server.url}/streamed/2`)).body)).toEqual(items.slice(0, 2));
  });

  it('answers HEAD from the first item, without reading the rest', async () => {
    const res = await fetch(`${server.url}/counted`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(firstOnly.given).toBe(1);
  });
});
