export { reviewService } from './service.js';
