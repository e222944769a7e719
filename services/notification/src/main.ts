import { runServiceMain } from '@vanhop/platform';
import { notificationService } from './service.js';

await runServiceMain(notificationService);
