export { prerenderLandingPage, type PrerenderedPage } from './landing-html';
export { isClientRoute } from './client-routes';
export { PRERENDER_DIR, HOME_FILE, CHROME_FILE, PAGE_SLOT } from './shell-files';
