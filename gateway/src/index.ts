export { startGateway, type RunningGateway } from './gateway.js';
export { loadConfig as loadGatewayConfig, DEFAULT_OPS_PORT, type GatewayConfig } from './config.js';
export { createGatewayApp } from './app.js';
export type { Forwarding } from './forwarding.js';
export { httpForwarding } from './forwarding-http.js';
export { inProcessForwarding, type LocalService } from './forwarding-in-process.js';
