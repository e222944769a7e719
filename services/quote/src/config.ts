import { readPlatformConfig, DEFAULT_PORTS, type Env, type PlatformConfig } from '@vanhop/platform';

export interface QuoteConfig {
  platform: PlatformConfig;
}

export function loadConfig(env: Env): QuoteConfig {
  return { platform: readPlatformConfig(env, 'quote', DEFAULT_PORTS.quote) };
}
