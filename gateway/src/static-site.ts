import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/** Serves the built web app; any other GET that is not an API or health path gets index.html (client routing). */
export function staticSite(dir: string): Router {
  const router = express.Router();
  router.use(express.static(dir, { index: false, maxAge: '1h', setHeaders: (res, file) => {
    if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } }));
  router.get(/^(?!\/api\/|\/health\/|\/metrics).*/, (_req, res) => {
    const index = path.join(dir, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run npm run build.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
