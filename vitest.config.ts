import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Child processes, not worker threads: each test changes into its own temporary directory.
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/support/isolated-cwd.ts', 'test/support/exit-matcher.ts'],
          testTimeout: 10_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Starts the run's Redis, installs or checks chromium and moto_server, builds dist/.
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/isolated-cwd.ts', 'test/support/exit-matcher.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
