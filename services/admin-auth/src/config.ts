import { readPlatformConfig, readServiceUrls, DEFAULT_PORTS, type Env, type PlatformConfig, type ServiceUrls } from '@vanhop/platform';

export interface AdminAuthConfig {
  platform: PlatformConfig;
  serviceUrls: ServiceUrls;
}

export function loadConfig(env: Env): AdminAuthConfig {
  return {
    platform: readPlatformConfig(env, 'admin-auth', DEFAULT_PORTS['admin-auth']),
    serviceUrls: readServiceUrls(env),
  };
}
