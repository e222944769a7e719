import type { Logger, ServiceName, ServiceUrls } from '@vanhop/platform';
import type { Forwarding } from './forwarding.js';
import { serviceProxy } from './proxy.js';

/** The distributed adapter: a streaming reverse proxy (keep-alive) to each service's URL. */
export function httpForwarding(urls: ServiceUrls, timeoutMs: number, logger: Logger): Forwarding {
  const proxies = new Map<ServiceName, ReturnType<typeof serviceProxy>>();
  return (service) => {
    let proxy = proxies.get(service);
    if (!proxy) {
      proxy = serviceProxy(service, urls[service], timeoutMs, logger);
      proxies.set(service, proxy);
    }
    return proxy;
  };
}
