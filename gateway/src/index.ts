export { startGateway, type RunningGateway } from './gateway.js';
export { loadConfig as loadGatewayConfig, type GatewayConfig } from './config.js';
export { createGatewayApp } from './app.js';
