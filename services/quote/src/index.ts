export { quoteService } from './service.js';
