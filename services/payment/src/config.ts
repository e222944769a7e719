import { readPlatformConfig, DEFAULT_PORTS, type Env, type PlatformConfig } from '@vanhop/platform';

export interface PaymentConfig {
  platform: PlatformConfig;
}

export function loadConfig(env: Env): PaymentConfig {
  return { platform: readPlatformConfig(env, 'payment', DEFAULT_PORTS.payment) };
}
