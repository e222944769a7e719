/**
 * Where the build puts the prerendered app shell (frontend/scripts/prerender-shell.mjs renders
 * src/prerender/shell.tsx) and how the gateway fills it: no React here, the gateway bundles this.
 */
export const PRERENDER_DIR = 'prerender';
/** The home page's markup inside #root, as React's first render draws it. */
export const HOME_FILE = 'home.html';
/** Header, main and footer of a content page inside #root, with PAGE_SLOT where the page goes. */
export const CHROME_FILE = 'chrome.html';
export const PAGE_SLOT = '<!--vanhop-page-->';
