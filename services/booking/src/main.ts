import { runServiceMain } from '@vanhop/platform';
import { bookingService } from './service.js';

await runServiceMain(bookingService);
