export { bookingService } from './service.js';
