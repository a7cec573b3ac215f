import { defineConfig } from 'vitest/config';

/**
 * Three tiers (docs/testing.md): `unit` runs no process and opens no socket; `integration` runs
 * docsync in-process against real git, Redis and the emulator; `e2e` spawns the built CLI and its
 * roles, a Redis cluster, moto_server, chromium and a packed install.
 */
export default defineConfig({
  test: {
    // Child processes, not worker threads: each test changes into its own temporary directory.
    pool: 'forks',
    // Three forks whatever the cores (vitest's default is one fewer than the cores: one on two):
    // integration and e2e tests spend most of their time waiting on git, Redis and child processes.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Pure tests share each fork's module cache: most of the tier's cost was importing the same modules again per file.
          isolate: false,
          setupFiles: ['test/support/isolated-cwd.ts', 'test/support/exit-matcher.ts'],
          testTimeout: 10_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // As in the unit tier: importing the same modules again per file was half of the tier's CPU.
          // A test leaves no module state behind: each builds its emulator, clients and stores itself.
          isolate: false,
          // Starts the run's Redis.
          globalSetup: ['test/support/integration-setup.ts'],
          setupFiles: ['test/support/isolated-cwd.ts', 'test/support/exit-matcher.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // Starts the run's Redis, installs or checks chromium and moto_server, builds dist/.
          globalSetup: ['test/support/e2e-setup.ts'],
          setupFiles: ['test/support/isolated-cwd.ts', 'test/support/exit-matcher.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
