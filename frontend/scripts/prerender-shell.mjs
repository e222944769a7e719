// After `vite build`: renders src/prerender/shell.tsx with Vite's SSR loader and writes the home page
// and the content-page chrome into dist/prerender/ for the gateway (gateway/src/static-site.ts).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The SSR loader names imported images by their source path (`/src/assets/hero-move.svg?no-inline`),
 * which only the dev server answers: each becomes the file `vite build` wrote for it
 * (`/assets/hero-move-<hash>.svg`). A source asset with no built file stops the build.
 */
function withBuiltAssets(html) {
  const built = readdirSync(path.join(root, 'dist', 'assets'));
  return html.replace(/\/src\/assets\/([\w-]+)\.(\w+)(\?[\w-]+)?/g, (whole, name, ext) => {
    const file = built.find((f) => new RegExp(`^${name}-[\\w-]{8}\\.${ext}$`).test(f));
    if (!file) throw new Error(`prerender: no built file for ${whole} in dist/assets`);
    return `/assets/${file}`;
  });
}
const vite = await createServer({
  root,
  configFile: false,
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { PRERENDER_DIR, HOME_FILE, CHROME_FILE } = await vite.ssrLoadModule('/src/prerender/shell-files.ts');
  const { prerenderShell } = await vite.ssrLoadModule('/src/prerender/shell.tsx');
  const rendered = prerenderShell();
  const dir = path.join(root, 'dist', PRERENDER_DIR);
  mkdirSync(dir, { recursive: true });
  const home = withBuiltAssets(rendered.home);
  const chrome = withBuiltAssets(rendered.chrome);
  writeFileSync(path.join(dir, HOME_FILE), home);
  writeFileSync(path.join(dir, CHROME_FILE), chrome);
  console.log(
    `prerendered ${HOME_FILE} (${home.length} bytes) and ${CHROME_FILE} (${chrome.length} bytes) into dist/${PRERENDER_DIR}/`,
  );
} finally {
  await vite.close();
}
