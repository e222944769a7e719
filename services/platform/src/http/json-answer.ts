import type { Express, Response } from 'express';

/**
 * Express's `res.json` for answers to requests that change something (POST, PUT, PATCH, DELETE):
 * no ETag and no copy of the text into a Buffer to hash it. No cache revalidates such an answer
 * (only GET and HEAD can be answered 304), so the hash was pure cost: on a quote, an 8 KB answer
 * was hashed and copied on every request. GET and HEAD, and every status Express treats specially,
 * keep Express's own `res.json`, ETag and 304s included. The product sets no JSON replacer,
 * spacing or escaping, so the text is the same.
 */
export function answerWritesWithoutEtag(app: Express): void {
  const expressJson = app.response.json;
  app.response.json = function json(this: Response, body: unknown) {
    const method = this.req.method;
    const status = this.statusCode;
    if (
      method === 'GET' ||
      method === 'HEAD' ||
      status === 204 ||
      status === 205 ||
      status === 304 ||
      this.getHeader('Content-Type') !== undefined ||
      this.getHeader('Transfer-Encoding') !== undefined
    )
      return expressJson.call(this, body);
    const text = JSON.stringify(body) as string | undefined;
    if (text === undefined) return expressJson.call(this, body);
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', Buffer.byteLength(text));
    this.end(text);
    return this;
  };
}
