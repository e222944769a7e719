/** Anything whose reachability decides readiness (store, bus, cache, consumers). */
export interface HealthCheck {
  name: string;
  check(): Promise<void>; // throws when not healthy
  /**
   * false: reported (in /health/ready's body and as `vanhop_dependency_up`) but not a reason to
   * take traffic away. For what every replica shares and can work without for a while (the cache,
   * the bus behind the outbox): failing readiness on it would empty every load balancer's pool at
   * once and turn a degraded service into an outage. Default true.
   */
  required?: boolean;
}
