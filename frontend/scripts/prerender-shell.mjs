// After `vite build`: renders src/prerender/shell.tsx with Vite's SSR loader and writes the home page
// and the content-page chrome into dist/prerender/ for the gateway (gateway/src/static-site.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = await createServer({ root, configFile: false, server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom', logLevel: 'error' });
try {
  const { PRERENDER_DIR, HOME_FILE, CHROME_FILE } = await vite.ssrLoadModule('/src/prerender/shell-files.ts');
  const { prerenderShell } = await vite.ssrLoadModule('/src/prerender/shell.tsx');
  const { home, chrome } = prerenderShell();
  const dir = path.join(root, 'dist', PRERENDER_DIR);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, HOME_FILE), home);
  writeFileSync(path.join(dir, CHROME_FILE), chrome);
  console.log(`prerendered ${HOME_FILE} (${home.length} bytes) and ${CHROME_FILE} (${chrome.length} bytes) into dist/${PRERENDER_DIR}/`);
} finally {
  await vite.close();
}
