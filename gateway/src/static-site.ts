import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { escapeHtml as esc } from '@vanhop/contracts';

export interface PrerenderedPage { title: string; description: string; bodyHtml: string }
export type Prerender = (pathname: string) => PrerenderedPage | null;
/** Whether the web app shows a real screen at a path (not one of its not-found screens). */
export type KnownPath = (pathname: string) => boolean;


/** The app shell with a page's own title, description and static content (React takes over on load). */
export function injectPage(shell: string, page: PrerenderedPage): string {
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${esc(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${esc(page.description)}" />`)
    .replace('<div id="root"></div>', `<div id="root">${page.bodyHtml}</div>`);
}

/**
 * Serves the built web app; any other GET that is not an API or health path gets index.html
 * (client routing). Paths the prerenderer knows (local landing pages) get their content in the
 * HTML itself, so search engines and visitors without JavaScript read the page. A path the app
 * has no screen for gets the same shell with status 404: React renders its not-found page, and
 * crawlers and monitors are told the truth instead of a 200 "soft 404".
 */
export function staticSite(dir: string, prerender?: Prerender, isKnownPath?: KnownPath): Router {
  const router = express.Router();
  const index = path.join(dir, 'index.html');
  let shell: { html: string; mtimeMs: number } | null = null;
  // Read once, re-read only when a new build replaced it.
  const readShell = (): string => {
    const mtimeMs = statSync(index).mtimeMs;
    if (!shell || shell.mtimeMs !== mtimeMs) shell = { html: readFileSync(index, 'utf8'), mtimeMs };
    return shell.html;
  };

  router.use(express.static(dir, { index: false, maxAge: '1h', setHeaders: (res, file) => {
    if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } }));
  router.get(/^(?!\/api\/|\/health\/|\/metrics).*/, (req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run npm run build.');
      return;
    }
    const page = prerender?.(req.path) ?? null;
    if (page) {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('html').send(injectPage(readShell(), page));
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (isKnownPath && !isKnownPath(req.path)) res.status(404);
    res.sendFile(index);
  });
  return router;
}
