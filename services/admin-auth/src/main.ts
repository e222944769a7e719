import { runServiceMain } from '@vanhop/platform';
import { adminAuthService } from './service.js';

await runServiceMain(adminAuthService);
