import type { RequestHandler } from 'express';

/**
 * A client built to the wire contract (docs/WIRE-CONTRACT.md) with SERVER_URL=<host>/api/ joins `${SERVER_URL}/saveRetrieve`, so its
 * save call arrives as /api//saveRetrieve. Runs of slashes in the path are read as one (nginx's
 * merge_slashes) before anything routes on it, so such a call reaches its service and every admin
 * check sees the same canonical path. The query string is left as sent.
 */
export const mergeSlashes: RequestHandler = (req, _res, next) => {
  const q = req.url.indexOf('?');
  const path = q === -1 ? req.url : req.url.slice(0, q);
  if (path.includes('//')) {
    const merged = path.replace(/\/{2,}/g, '/') + (q === -1 ? '' : req.url.slice(q));
    req.url = merged;
    req.originalUrl = merged;
  }
  next();
};
