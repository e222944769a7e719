import path from 'node:path';
import { runServiceMain } from '@vanhop/platform';
import { takeOverFromQuote } from './adapters/embedded-handover.js';
import { fleetService } from './service.js';

// An embedded data folder from before the fleet service keeps its drivers and jobs (see takeOverFromQuote).
if ((process.env.STORE ?? 'embedded') === 'embedded')
  await takeOverFromQuote(path.resolve(process.env.DATA_DIR ?? './data'));
await runServiceMain(fleetService);
