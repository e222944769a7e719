import { overallHealth, type ServiceState } from '../domain/system-health.js';

export class CheckSystemHealth {
  constructor(
    private readonly services: Record<string, string>,
    private readonly probe: (url: string) => Promise<ServiceState>,
  ) {}

  async execute(): Promise<{ health: 'ok' | 'degraded'; services: Record<string, ServiceState> }> {
    const entries = await Promise.all(
      Object.entries(this.services).map(async ([name, url]) => [name, await this.probe(url)] as const),
    );
    const services = Object.fromEntries(entries);
    return { health: overallHealth(services), services };
  }
}
