export { paymentService } from './service.js';
