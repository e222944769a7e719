import type { ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type AdminAuthConfig } from './config.js';
import { CheckSystemHealth } from './app/check-system-health.js';
import { probeReadiness } from './adapters/http-readiness-probe.js';
import { serverIp } from './adapters/server-address.js';
import { dashboardRoutes } from './http/routes.js';
import { adminAuthSubscriptions } from './consumers/index.js';

export const adminAuthService: ServiceDefinition<AdminAuthConfig> = {
  name: 'admin-auth',
  loadConfig,
  build(_infra, config) {
    const checkHealth = new CheckSystemHealth(config.serviceUrls, (url) => probeReadiness(url));
    return {
      routes: (app) => dashboardRoutes(app, { checkHealth, serverIp }),
      subscriptions: adminAuthSubscriptions(),
    };
  },
};
