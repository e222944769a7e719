import { requireStaff, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type AdminAuthConfig } from './config.js';
import { CheckSystemHealth } from './app/check-system-health.js';
import { RegisterAdmin } from './app/register-admin.js';
import { LoginAdmin } from './app/login-admin.js';
import { GetAdminProfile } from './app/get-admin-profile.js';
import { probeReadiness } from './adapters/http-readiness-probe.js';
import { serverIp } from './adapters/server-address.js';
import { ScryptPasswordHasher } from './adapters/scrypt-password-hasher.js';
import { ADMINS } from './domain/admin-account.js';
import { dashboardRoutes } from './http/routes.js';
import { accountRoutes } from './http/account-routes.js';

import { adminAuthSubscriptions } from './consumers/index.js';

export const adminAuthService: ServiceDefinition<AdminAuthConfig> = {
  name: 'admin-auth',
  loadConfig,
  build(infra, config) {
    const checkHealth = new CheckSystemHealth(config.serviceUrls, (url) => probeReadiness(url));
    const hasher = new ScryptPasswordHasher(config.passwordHashing);
    const register = new RegisterAdmin(infra.store, hasher, config.signupCode, infra.clock);
    const login = new LoginAdmin(infra.store, hasher, config.jwt, infra.clock);
    const profile = new GetAdminProfile(infra.store);
    return {
      routes: (app) => {
        accountRoutes(app, {
          register,
          login,
          profile,
          cache: infra.cache,
          jwt: config.jwt,
          clock: infra.clock,
          limits: { loginPerClient: config.loginPerClient, loginPerUsername: config.loginPerUsername, registerPerClient: config.registerPerClient },
        });
        dashboardRoutes(app, { checkHealth, serverIp, requireAdmin: requireStaff(config.jwt, infra.clock) });
      },
      subscriptions: adminAuthSubscriptions(),
      start: async () => {
        await infra.store.collection(ADMINS).ensureIndex({ fields: { nameKey: 1 }, unique: true });
        await login.warmUp();
      },
    };
  },
};
