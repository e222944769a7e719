import { ConfigError, createLogger, exitOnSignalWhileStarting, onShutdown } from '@vanhop/platform';
import { loadConfig } from './config.js';
import { startGateway } from './gateway.js';

try {
  const config = loadConfig(process.env);
  const starting = exitOnSignalWhileStarting('gateway');
  const gateway = await startGateway(config);
  starting.done();
  onShutdown(createLogger('gateway'), config.platform.shutdownTimeoutMs, () => gateway.stop());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`[gateway] ${err.message}`);
    process.exit(78);
  }
  throw err;
}
