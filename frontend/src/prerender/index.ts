export { prerenderLandingPage, type PrerenderedPage } from './landing-html';
