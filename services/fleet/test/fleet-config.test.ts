import { describe, expect, it } from 'vitest';
import { fleetService } from '../src/service.js';

describe('fleet config', () => {
  it('seeds demo drivers only in embedded mode by default, and needs the token key outside it', () => {
    expect(fleetService.loadConfig({}).seedDemoDrivers).toBe(true);
    const mongo = {
      STORE: 'mongo',
      MONGO_URL: 'mongodb://127.0.0.1:1',
      JWT_SECRET: 'fleet-config-test-secret-0123456789-abcdef',
    };
    expect(fleetService.loadConfig(mongo).seedDemoDrivers).toBe(false);
    // Outside embedded mode the Drivers pages and the driver portal need the token key.
    expect(() => fleetService.loadConfig({ ...mongo, JWT_SECRET: undefined })).toThrow(/JWT_SECRET/);
    expect(fleetService.loadConfig({}).jwt).toBeNull();
    expect(fleetService.loadConfig({ SEED_DEMO_DRIVERS: 'false' }).seedDemoDrivers).toBe(false);
  });

  it('finds quote at QUOTE_SERVICE_URL, on its default port when unset', () => {
    expect(fleetService.loadConfig({}).quoteServiceUrl).toBe('http://127.0.0.1:4101');
    expect(fleetService.loadConfig({ QUOTE_SERVICE_URL: 'http://quote:4101' }).quoteServiceUrl).toBe(
      'http://quote:4101',
    );
    expect(fleetService.loadConfig({}).platform.port).toBe(4107);
  });
});
