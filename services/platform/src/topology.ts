import { EnvReader, type Env } from './config.js';

/** The seven services, their default ports in distributed mode and the env var that locates each. */
export const SERVICE_NAMES = ['quote', 'fleet', 'booking', 'payment', 'notification', 'review', 'admin-auth'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const DEFAULT_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 8080,
  quote: 4101,
  booking: 4102,
  payment: 4103,
  notification: 4104,
  review: 4105,
  'admin-auth': 4106,
  fleet: 4107,
};

export const serviceUrlVar = (name: ServiceName) => `${name.toUpperCase().replace(/-/g, '_')}_SERVICE_URL`;

export type ServiceUrls = Record<ServiceName, string>;

export function readServiceUrls(env: Env): ServiceUrls {
  const r = new EnvReader(env);
  return Object.fromEntries(
    SERVICE_NAMES.map((n) => [n, r.url(serviceUrlVar(n), `http://127.0.0.1:${DEFAULT_PORTS[n]}`)]),
  ) as ServiceUrls;
}
