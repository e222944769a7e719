import type { ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';

/** Text is handed to the socket in pieces of about this many characters, not one small write per item. */
const PIECE_CHARS = 64 * 1024;

/** Settles when the response can take more text, or when the connection has gone. */
function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Answers a JSON array of the items as they are read, without holding the array or its text:
 * the same bytes `res.json([...items])` sends (the product sets no JSON replacer or spacing),
 * written a piece at a time as the client takes them (waiting for 'drain' when the socket is
 * full). A client that goes away stops the read. A failure before anything is sent is thrown, so
 * the error handler answers it as usual (500); once the status and part of the array are out, the
 * answer can no longer say so: the failure is logged and the connection cut, so the client sees an
 * incomplete answer, never a short list that looks whole.
 */
export async function sendJsonArray(res: ServerResponse, items: AsyncIterable<unknown>, logger: Logger): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let finished = false;
  try {
    let text = '[';
    let count = 0;
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        finished = true;
        break;
      }
      if (res.destroyed) return;
      if (res.req?.method === 'HEAD') {
        // A HEAD answer has no body: the first item says the read works; the rest is not read.
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end();
        return;
      }
      text += count++ === 0 ? JSON.stringify(next.value) : `,${JSON.stringify(next.value)}`;
      if (text.length < PIECE_CHARS) continue;
      if (!res.headersSent) res.setHeader('Content-Type', 'application/json; charset=utf-8');
      const more = res.write(text);
      text = '';
      if (!more) await writable(res);
      if (res.destroyed) return;
    }
    if (res.destroyed) return;
    if (!res.headersSent) res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(`${text}]`);
  } catch (err) {
    if (!res.headersSent) throw err;
    logger.error({ err }, 'a streamed JSON list failed after its first bytes were sent; the connection was cut');
    res.destroy();
  } finally {
    // Stops the read (closes a cursor) when the client went away or a write failed.
    if (!finished) await iterator.return?.().catch(() => undefined);
  }
}
