import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './scripts/test-summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'contracts/**/*.test.ts',
            'services/**/*.test.ts',
            'gateway/**/*.test.ts',
            'test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**', 'test/system/compose.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The whole compose stack (a dozen containers) on two cores: alone, after every other project.
          name: 'compose',
          include: ['test/system/compose.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 400_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web',
          include: ['frontend/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'happy-dom',
          setupFiles: ['frontend/src/testing/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
