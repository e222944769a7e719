export { fleetService } from './service.js';
export { takeOverFromQuote } from './adapters/embedded-handover.js';
