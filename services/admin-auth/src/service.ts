import { DEMO_DRIVER_CONTACTS } from '@vanhop/contracts';
import { LinkSigner, requireDriver, requireStaff, serviceOutboxRelay, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type AdminAuthConfig } from './config.js';
import { CheckSystemHealth } from './app/check-system-health.js';
import { RegisterAdmin } from './app/register-admin.js';
import { LoginAdmin } from './app/login-admin.js';
import { CredentialCheck } from './app/credential-check.js';
import { GetAdminProfile } from './app/get-admin-profile.js';
import { probeReadiness } from './adapters/http-readiness-probe.js';
import { serverIp } from './adapters/server-address.js';
import { ScryptPasswordHasher } from './adapters/scrypt-password-hasher.js';
import { ADMINS } from './domain/admin-account.js';
import { dashboardRoutes } from './http/routes.js';
import { accountRoutes } from './http/account-routes.js';

import { adminAuthSubscriptions } from './consumers/index.js';
import { DriverAccountRepository } from './adapters/driver-account-repository.js';
import { DriverAccounts } from './app/driver-accounts.js';
import { DriverSessionRepository } from './adapters/driver-session-repository.js';
import { DriverSessions } from './app/driver-sessions.js';
import { DRIVER_ACCOUNTS } from './domain/driver-account.js';
import { driverAccountRoutes } from './http/driver-account-routes.js';
import { BusinessFiguresRepository } from './adapters/business-figures-repository.js';
import { BusinessFiguresModel } from './app/business-figures.js';
import { businessFiguresRoutes } from './http/business-figures-routes.js';

export const adminAuthService: ServiceDefinition<AdminAuthConfig> = {
  name: 'admin-auth',
  loadConfig,
  build(infra, config) {
    const checkHealth = new CheckSystemHealth(config.serviceUrls, (url) => probeReadiness(url));
    const hasher = new ScryptPasswordHasher(config.passwordHashing);
    const register = new RegisterAdmin(infra.store, hasher, config.signupCode, infra.clock);
    const credentials = new CredentialCheck(hasher);
    const login = new LoginAdmin(infra.store, credentials, config.jwt, infra.clock);
    const profile = new GetAdminProfile(infra.store);
    const accountStore = new DriverAccountRepository(infra.store);
    const relay = serviceOutboxRelay(infra, [DRIVER_ACCOUNTS]);
    const sessionStore = new DriverSessionRepository(infra.store);
    const sessions = new DriverSessions({
      sessions: sessionStore,
      accounts: accountStore,
      jwt: config.jwt,
      clock: infra.clock,
      sessionDays: config.driverSessionDays,
      accessSeconds: config.driverAccessSeconds,
    });
    const drivers = new DriverAccounts({
      accounts: accountStore,
      hasher,
      credentials,
      jwt: config.jwt,
      links: new LinkSigner(config.driverInviteLink.secret, 'driver-invite'),
      clock: infra.clock,
      inviteDays: config.driverInviteDays,
      relay,
      sessions,
      demoPassword: config.demoDriverPassword,
      demoSeed: config.seedDemoDrivers ? DEMO_DRIVER_CONTACTS : [],
    });
    const limits = {
      loginPerClient: config.loginPerClient,
      loginPerUsername: config.loginPerUsername,
      registerPerClient: config.registerPerClient,
    };
    const staffOnly = requireStaff(config.jwt, infra.clock);
    const figureStore = new BusinessFiguresRepository(infra.store);
    const figures = new BusinessFiguresModel({ store: figureStore, clock: infra.clock });
    if (config.driverInviteLink.generated)
      infra.logger.warn(
        'DRIVER_INVITE_LINK_SECRET is not set: driver invitation links stop working when this process restarts',
      );
    return {
      routes: (app) => {
        accountRoutes(app, {
          register,
          login,
          profile,
          cache: infra.cache,
          jwt: config.jwt,
          clock: infra.clock,
          limits,
        });
        driverAccountRoutes(app, {
          accounts: drivers,
          sessions,
          clock: infra.clock,
          cache: infra.cache,
          staffOnly,
          driverOnly: requireDriver(config.jwt, infra.clock),
          limits,
        });
        dashboardRoutes(app, { checkHealth, serverIp, requireAdmin: staffOnly });
        businessFiguresRoutes(app, { figures, staffOnly });
      },
      subscriptions: adminAuthSubscriptions({ drivers, figures }),
      start: async () => {
        await infra.store.collection(ADMINS).ensureIndex({ fields: { nameKey: 1 }, unique: true });
        await accountStore.ensureIndexes();
        await sessionStore.ensureIndexes();
        await figureStore.ensureIndexes();
        await credentials.warmUp();
        await drivers.announceOpenAccounts();
        // Before serving: a demo driver who signs in the moment the product is ready finds the account open.
        const demo = await drivers.openDemoAccounts();
        if (demo) infra.logger.info({ opened: demo }, 'demo drivers given portal accounts');
        await relay.start();
      },
      stop: () => relay.stop(),
    };
  },
};
