import { runServiceMain } from '@vanhop/platform';
import { paymentService } from './service.js';

await runServiceMain(paymentService);
