import { readPlatformConfig, DEFAULT_PORTS, type Env, type PlatformConfig } from '@vanhop/platform';

export interface BookingConfig {
  platform: PlatformConfig;
}

export function loadConfig(env: Env): BookingConfig {
  return { platform: readPlatformConfig(env, 'booking', DEFAULT_PORTS.booking) };
}
