// The landing pages' text templates are the web app's own (bundled into the gateway at build time),
// so the prerendered HTML and the React page always say the same thing. Likewise the app's route
// table decides which paths are pages and which end on its 404 screen, and its build prerenders the
// app shell (the home page, and the header and footer around a landing page).
export {
  isClientRoute,
  prerenderLandingPage,
  PRERENDER_DIR,
  HOME_FILE,
  CHROME_FILE,
  PAGE_SLOT,
} from '@vanhop/frontend/prerender';
