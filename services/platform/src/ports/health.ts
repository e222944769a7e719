/** Anything whose reachability decides readiness (store, bus, cache, consumers). */
export interface HealthCheck {
  name: string;
  check(): Promise<void>; // throws when not healthy
}
