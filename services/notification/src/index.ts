export { notificationService } from './service.js';
