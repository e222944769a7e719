// The landing pages' text templates are the web app's own (bundled into the gateway at build time),
// so the prerendered HTML and the React page always say the same thing.
export { prerenderLandingPage } from '@vanhop/frontend/prerender';
