export { startGateway, type RunningGateway } from './gateway.js';
export { loadConfig as loadGatewayConfig, DEFAULT_OPS_PORT, type GatewayConfig } from './config.js';
export { createGatewayApp } from './app.js';
