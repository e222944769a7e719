import { runServiceMain } from '@vanhop/platform';
import { reviewService } from './service.js';

await runServiceMain(reviewService);
