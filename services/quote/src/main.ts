import { runServiceMain } from '@vanhop/platform';
import { quoteService } from './service.js';

await runServiceMain(quoteService);
