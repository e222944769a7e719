import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { escapeHtml as esc } from '@vanhop/contracts';
import { CHROME_FILE, HOME_FILE, PAGE_SLOT, PRERENDER_DIR } from './landing-prerender.js';

export interface PrerenderedPage {
  title: string;
  description: string;
  bodyHtml: string;
}
export type Prerender = (pathname: string) => PrerenderedPage | null;
/** Whether the web app shows a real screen at a path (not one of its not-found screens). */
export type KnownPath = (pathname: string) => boolean;

/** The app shell with a page's own title, description and static content (React takes over on load). */
export function injectPage(shell: string, page: PrerenderedPage): string {
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${esc(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${esc(page.description)}" />`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${page.bodyHtml}</div>`);
}

const COMPRESSED_COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The encodings a request accepts (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * The web app's build writes brotli and gzip copies beside its text files (frontend/vite.config.ts);
 * a request that accepts one gets it, sent by express.static from the copy with the original's type.
 * Files without copies (small ones, or a build without them) are served as they are.
 */
function precompressed(dir: string): RequestHandler {
  const copies = new Map<string, string[]>();
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/\.(js|css|svg|json|txt)$/.test(req.path)) return next();
    res.vary('Accept-Encoding');
    const accepted = acceptedEncodings(req.headers['accept-encoding'] as string | undefined);
    if (accepted.size === 0) return next();
    let file: string;
    try {
      file = path.join(dir, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    // Only files inside the folder; express.static makes the same check on what it serves.
    if (!file.startsWith(path.join(dir, path.sep))) return next();
    let present = copies.get(file);
    if (!present) {
      // Remembered for files of the build only, so made-up paths cannot grow the map.
      if (!existsSync(file)) return next();
      present = COMPRESSED_COPIES.filter((c) => existsSync(file + c.suffix)).map((c) => c.suffix);
      copies.set(file, present);
    }
    const copy = COMPRESSED_COPIES.find((c) => accepted.has(c.encoding) && present.includes(c.suffix));
    if (copy) req.url = req.url.replace(/(\?|$)/, `${copy.suffix}$1`);
    next();
  };
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
  // Read once, re-read only when a new build replaced them.
  const cache = new Map<string, { html: string; mtimeMs: number }>();
  const read = (file: string): string => {
    const mtimeMs = statSync(file).mtimeMs;
    let seen = cache.get(file);
    if (!seen || seen.mtimeMs !== mtimeMs) {
      seen = { html: readFileSync(file, 'utf8'), mtimeMs };
      cache.set(file, seen);
    }
    return seen.html;
  };
  /**
   * A prerendered page carries the app's stylesheet inline: its markup can then be painted from the
   * first response, without waiting for another round trip (the CSP allows inline styles).
   */
  const withInlineStyles = (html: string): string =>
    html.replace(/<link rel="stylesheet"[^>]*? href="(\/assets\/[\w.-]+\.css)"[^>]*>/g, (link, href: string) => {
      const file = path.join(dir, href);
      const css = existsSync(file) ? read(file) : null;
      return css === null || /<\/style/i.test(css) ? link : `<style>${css}</style>`;
    });
  /** A file of the build's prerendered shell (frontend/scripts/prerender-shell.mjs), when it made one. */
  const prerendered = (name: string): string | null => {
    const file = path.join(dir, PRERENDER_DIR, name);
    return existsSync(file) ? read(file) : null;
  };

  router.use(precompressed(dir));
  router.use(
    express.static(dir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        const original = file.replace(/\.(br|gz)$/, '');
        if (original !== file) {
          // A precompressed copy (see precompressed()): the type and caching of the file it stands for.
          res.setHeader('Content-Encoding', file.endsWith('.br') ? 'br' : 'gzip');
          (res as unknown as Response).type(path.extname(original));
        }
        if (original.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  router.get(/^(?!\/api\/|\/health\/|\/metrics).*/, (req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run npm run build.');
      return;
    }
    const page = prerender?.(req.path) ?? null;
    if (page) {
      // The landing page inside the prerendered header and footer, as React will draw it.
      const chrome = prerendered(CHROME_FILE);
      const bodyHtml = chrome?.includes(PAGE_SLOT) ? chrome.replace(PAGE_SLOT, () => page.bodyHtml) : page.bodyHtml;
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('html').send(injectPage(chrome ? withInlineStyles(read(index)) : read(index), { ...page, bodyHtml }));
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    const home = req.path === '/' ? prerendered(HOME_FILE) : null;
    if (home !== null) {
      res
        .type('html')
        .send(withInlineStyles(read(index)).replace('<div id="root"></div>', () => `<div id="root">${home}</div>`));
      return;
    }
    if (isKnownPath && !isKnownPath(req.path)) res.status(404);
    res.sendFile(index);
  });
  return router;
}
