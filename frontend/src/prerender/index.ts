export { prerenderLandingPage, type PrerenderedPage } from './landing-html';
export { isClientRoute } from './client-routes';
